'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useMemo, useState } from 'react'

import { apiPost } from '@/client/api'
import { CopyButton } from '@/components/CopyButton.client'
import { Button, buttonClass } from '@/components/ui/Button'
import { Field, FormMessage, SelectField } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'
import { useRouter } from '@/i18n/navigation'
import { LOCALES, type Locale } from '@/i18n/routing'

/** The language choice of both forms: the customer's, for the mail or the links' pages. */
function LocaleField({ id, locale }: { id: string; locale: Locale }) {
  const t = useTranslations('invitations')
  return (
    <SelectField
      id={id}
      label={t('locale-label')}
      defaultValue={locale}
      options={LOCALES.map((value) => ({ value, label: t(`locale-${value}`) }))}
    />
  )
}

const localeOf = (data: FormData, name: string): Locale => (data.get(name) === 'en' ? 'en' : 'ru')

/** Invites one customer by mail; the figures above follow at once. */
export function EmailInviteForm({ resourceId, locale }: { resourceId: number; locale: Locale }) {
  const t = useTranslations('invitations')
  const router = useRouter()
  const form = useApiForm(['email', 'locale', 'resource_id'] as const)
  const [success, setSuccess] = useState<string | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSuccess(null)
    const target = event.currentTarget
    const data = new FormData(target)
    const email = String(data.get('email') ?? '').trim()
    const answer = await form.submit(() =>
      apiPost('/invitations-send', {
        resource_id: resourceId,
        email,
        locale: localeOf(data, 'email-locale'),
      }),
    )
    if (!answer?.ok) return
    setSuccess(t('email-sent', { email }))
    target.reset()
    router.refresh()
  }

  return (
    <form className="form invitations-form" onSubmit={onSubmit}>
      <Field
        id="email"
        type="email"
        label={t('email-label')}
        autoComplete="off"
        required
        error={form.fieldErrors.email}
      />
      <LocaleField id="email-locale" locale={locale} />
      <FormMessage
        error={form.formError ?? form.fieldErrors.locale ?? form.fieldErrors.resource_id}
        success={success}
      />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('email-sending') : t('email-submit')}
        </Button>
      </div>
    </form>
  )
}

/** Makes a batch of single-use links and shows them this once, to copy or download. */
export function LinkBatchForm({
  resourceId,
  locale,
  max,
}: {
  resourceId: number
  locale: Locale
  max: number
}) {
  const t = useTranslations('invitations')
  const router = useRouter()
  const form = useApiForm(['count', 'locale', 'resource_id'] as const)
  const [links, setLinks] = useState<string[]>([])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const answer = await form.submit(() =>
      apiPost('/invitations-links', {
        resource_id: resourceId,
        count: Number(data.get('count')),
        locale: localeOf(data, 'links-locale'),
      }),
    )
    if (!answer?.ok) return
    setLinks(answer.data.links)
    router.refresh()
  }

  return (
    <>
      <form className="form invitations-form" onSubmit={onSubmit}>
        <Field
          id="count"
          type="number"
          label={t('links-count')}
          hint={t('links-count-hint', { max })}
          min={1}
          max={max}
          defaultValue={10}
          required
          error={form.fieldErrors.count}
        />
        <LocaleField id="links-locale" locale={locale} />
        <FormMessage
          error={form.formError ?? form.fieldErrors.locale ?? form.fieldErrors.resource_id}
        />
        <div className="form-actions">
          <Button type="submit" busy={form.isSubmitting}>
            {form.isSubmitting ? t('links-making') : t('links-submit')}
          </Button>
        </div>
      </form>
      {links.length > 0 && <NewLinks links={links} />}
    </>
  )
}

function NewLinks({ links }: { links: string[] }) {
  const t = useTranslations('invitations')
  const text = links.join('\n')
  const download = useMemo(
    () => `data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`,
    [text],
  )
  return (
    <div className="invitations-links" role="region" aria-labelledby="new-links-label">
      <p role="status" className="form-success">
        {t('links-made', { count: links.length })} {t('links-once')}
      </p>
      <label id="new-links-label" htmlFor="new-links">
        {t('links-list-label')}
      </label>
      <textarea id="new-links" readOnly rows={Math.min(links.length, 8)} value={text} />
      <div className="form-actions">
        <CopyButton text={text} label={t('links-copy')} doneLabel={t('links-copied')} />
        <a
          className={buttonClass({ variant: 'secondary' })}
          href={download}
          download="invitation-links.txt"
        >
          {t('links-download')}
        </a>
      </div>
    </div>
  )
}
