'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { FormMessage, SelectField } from '@/components/ui/Field'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import { EMAIL_CHOICES, type EmailSettings, isEmailChoice } from '@/lib/notificationMail'
import { NOTIFICATION_KINDS } from '@/lib/notifications'

/** Which notification mails the account gets: per kind, at once, in the daily digest, or never. */
export function NotificationSettingsForm({ initial }: { initial: EmailSettings }) {
  const t = useTranslations('notification-settings')
  const form = useApiForm(NOTIFICATION_KINDS)
  const toast = useToast()
  const [settings, setSettings] = useState(initial)
  const options = EMAIL_CHOICES.map((value) => ({ value, label: t(`choice-${value}`) }))

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const answer = await form.submit(() => apiPost('/update-notification-settings', settings))
    if (!answer?.ok) return
    setSettings(answer.data.settings)
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
      <Button type="submit" busy={form.isSubmitting}>
        {form.isSubmitting ? t('saving') : t('save')}
      </Button>
    </form>
  )
}
