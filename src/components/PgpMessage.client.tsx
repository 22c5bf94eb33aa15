'use client'

import { useTranslations } from 'next-intl'

import { TextAreaField } from '@/components/ui/Field'

import { CopyButton } from './CopyButton.client'

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
