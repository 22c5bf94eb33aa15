'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { FormMessage, TextAreaField } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'
import { useRouter } from '@/i18n/navigation'
import { LIMITS } from '@/lib/limits'

/** Pastes the resource's public key: the first takes effect, a change waits for an admin. */
export function KeyForm({ resourceId, hasKey }: { resourceId: number; hasKey: boolean }) {
  const t = useTranslations('mirrors')
  const router = useRouter()
  const form = useApiForm(['key'] as const)
  const [success, setSuccess] = useState<string | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSuccess(null)
    const key = String(new FormData(event.currentTarget).get('key') ?? '')
    const answer = await form.submit(() => apiPost('/resource-pgp-key', { id: resourceId, key }))
    if (!answer?.ok) return
    setSuccess(answer.data.key.pending_fingerprint ? t('key-saved-pending') : t('key-saved'))
    router.refresh()
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <TextAreaField
        id="key"
        label={t('key-label')}
        hint={hasKey ? t('key-hint-change') : t('key-hint-first')}
        error={form.fieldErrors.key}
        maxLength={LIMITS.pgpKeyMax}
        spellCheck={false}
        required
      />
      <FormMessage error={form.formError} success={success} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {t('key-save')}
        </Button>
      </div>
    </form>
  )
}

/** Pastes a clearsigned list exactly as gpg wrote it; the server verifies it with the key. */
export function ListForm({ resourceId }: { resourceId: number }) {
  const t = useTranslations('mirrors')
  const router = useRouter()
  const form = useApiForm(['message'] as const)
  const [success, setSuccess] = useState<string | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSuccess(null)
    const target = event.currentTarget
    const message = String(new FormData(target).get('message') ?? '')
    const answer = await form.submit(() =>
      apiPost('/signed-mirror-list', { id: resourceId, message }),
    )
    if (!answer?.ok) return
    setSuccess(t('list-saved'))
    target.reset()
    router.refresh()
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <TextAreaField
        id="message"
        label={t('list-label')}
        hint={t('list-hint')}
        error={form.fieldErrors.message}
        maxLength={LIMITS.signedListMax}
        spellCheck={false}
        required
      />
      <FormMessage error={form.formError} success={success} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {t('list-save')}
        </Button>
      </div>
    </form>
  )
}
