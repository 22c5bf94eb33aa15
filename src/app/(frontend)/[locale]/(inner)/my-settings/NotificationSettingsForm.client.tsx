'use client'

import { useTranslations } from 'next-intl'
import type { FormEvent } from 'react'

import { apiPost } from '@/client/api'
import { useUnsavedDraft } from '@/client/unsavedDraft'
import { Button } from '@/components/ui/Button'
import { FormMessage, SelectField } from '@/components/ui/Field'
import { useToast } from '@/components/ui/Toast.client'
import { UnsavedMark } from '@/components/ui/UnsavedMark'
import { useApiForm } from '@/components/useApiForm.client'
import { EMAIL_CHOICES, type EmailSettings, isEmailChoice } from '@/lib/notificationMail'
import { NOTIFICATION_KINDS } from '@/lib/notifications'

const DRAFT_KEY = 'draft:notification-settings'

/** Kept choices read back: every kind with a known choice, else nothing. */
const parseSettings = (kept: unknown): EmailSettings | null => {
  if (!kept || typeof kept !== 'object') return null
  const values = kept as Record<string, unknown>
  return NOTIFICATION_KINDS.every((kind) => isEmailChoice(values[kind]))
    ? (Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, values[kind]])) as EmailSettings)
    : null
}

/** Which notification mails the account gets: per kind, at once, in the daily digest, or never. */
export function NotificationSettingsForm({ initial }: { initial: EmailSettings }) {
  const t = useTranslations('notification-settings')
  const form = useApiForm(NOTIFICATION_KINDS)
  const toast = useToast()
  const {
    value: settings,
    setValue: setSettings,
    isDirty,
    markSaved,
  } = useUnsavedDraft({ key: DRAFT_KEY, saved: initial, parse: parseSettings })
  const options = EMAIL_CHOICES.map((value) => ({ value, label: t(`choice-${value}`) }))

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const answer = await form.submit(() => apiPost('/update-notification-settings', settings))
    if (!answer?.ok) return
    markSaved(answer.data.settings)
    toast(t('saved'))
  }

  return (
    <form className="form notification-settings" onSubmit={onSubmit}>
      <p className="field-hint">{t('intro')}</p>
      {NOTIFICATION_KINDS.map((kind) => (
        <SelectField
          key={kind}
          id={`notification-email-${kind}`}
          label={t(`kind-${kind}`)}
          options={options}
          value={settings[kind]}
          error={form.fieldErrors[kind]}
          onChange={(event) => {
            const value = event.target.value
            if (isEmailChoice(value)) setSettings((current) => ({ ...current, [kind]: value }))
          }}
        />
      ))}
      <FormMessage error={form.formError} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('saving') : t('save')}
        </Button>
        <UnsavedMark isDirty={isDirty} />
      </div>
    </form>
  )
}
