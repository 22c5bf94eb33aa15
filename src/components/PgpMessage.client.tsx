'use client'

import { useTranslations } from 'next-intl'

import { TextAreaField } from '@/components/ui/Field'

import { CopyButton } from './CopyButton.client'

import './account/account-screens.css'

/** An armored PGP message to decrypt outside the site, with a button that copies it. */
export function PgpMessage({ id, message }: { id: string; message: string }) {
  const t = useTranslations('two-auth')
  return (
    <>
      <TextAreaField
        id={id}
        label={t('pgp-message')}
        readOnly
        rows={10}
        value={message}
        className="pgp-message"
        spellCheck={false}
      />
      <div className="form-actions">
        <CopyButton text={message} label={t('copy')} doneLabel={t('copied')} />
      </div>
    </>
  )
}
