'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { useCurrentUser } from '@/client/swr/useCurrentUser'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage } from '@/components/ui/Field'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import type { UserView } from '@/data/views/users'
import { useRouter } from '@/i18n/navigation'

const FIELDS = ['email', 'current_password', 'code'] as const

/**
 * Changing the email in two steps: the new address and the current password send a code to
 * that address; the code makes it the account's (the old address is told).
 */
export function EmailForm({ fallback }: { fallback: UserView }) {
  const t = useTranslations('profile')
  const { mutate } = useCurrentUser({ fallback })
  const router = useRouter()
  const form = useApiForm(FIELDS)
  const [pendingEmail, setPendingEmail] = useState<string | null>(null)
  const toast = useToast()

  const ask = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const answer = await form.submit(() =>
      apiPost('/change-email', {
        email: String(data.get('email') ?? '').trim(),
        current_password: String(data.get('current_password') ?? ''),
      }),
    )
    if (answer?.ok) setPendingEmail(answer.data.email)
  }

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    const answer = await form.submit(() => apiPost('/confirm-email-change', { code }))
    if (!answer?.ok) return
    await mutate(answer.data, { revalidate: false })
    setPendingEmail(null)
    toast(t('email-changed'))
    // The account details above are rendered on the server.
    router.refresh()
  }

  return (
    <section className="form" aria-labelledby="email-heading">
      <h2 id="email-heading">{t('email-heading')}</h2>
      {pendingEmail ? (
        <form onSubmit={confirm} className="form-stack">
          <p role="status">{t('email-code-sent', { email: pendingEmail })}</p>
          <Field
            id="code"
            label={t('email-code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            error={form.fieldErrors.code}
          />
          <FormMessage error={form.formError} />
          <div className="form-actions">
            <Button type="submit" busy={form.isSubmitting}>
              {form.isSubmitting ? t('saving') : t('email-confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setPendingEmail(null)}>
              {t('email-cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={ask} className="form-stack">
          <Field
            id="email"
            label={t('email-new')}
            type="email"
            autoComplete="email"
            required
            error={form.fieldErrors.email}
          />
          <Field
            id="current_password"
            label={t('email-password')}
            type="password"
            autoComplete="current-password"
            required
            error={form.fieldErrors.current_password}
          />
          <FormMessage error={form.formError} />
          <div className="form-actions">
            <Button type="submit" busy={form.isSubmitting}>
              {form.isSubmitting ? t('saving') : t('email-send-code')}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
