'use client'

import { useLocale, useTranslations } from 'next-intl'
import type { FormEvent } from 'react'
import { mutate as globalMutate } from 'swr'

import { apiPost } from '@/client/api'
import { useCurrentUser } from '@/client/swr/useCurrentUser'
import { VIEWER_PATH } from '@/client/swr/useViewer'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage } from '@/components/ui/Field'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import type { UserView } from '@/data/views/users'
import { LIMITS } from '@/lib/limits'

const FIELDS = ['name', 'display_name', 'phone'] as const

const lockedUntil = (iso: string | null) => {
  const date = iso ? new Date(iso) : null
  return date && date > new Date() ? date : null
}

/** Name, display name (once a month, spec §5) and phone. */
export function PersonalDataForm({ fallback }: { fallback: UserView }) {
  const t = useTranslations('profile')
  const locale = useLocale()
  const { user, mutate } = useCurrentUser({ fallback })
  const form = useApiForm(FIELDS)
  const toast = useToast()
  const current = user ?? fallback
  const locked = lockedUntil(current.display_name_changeable_at)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const displayName = String(data.get('display_name') ?? '').trim()
    const isRenamed = displayName !== current.display_name
    const answer = await form.submit(() =>
      apiPost('/update-user-by-id', {
        name: String(data.get('name') ?? '').trim(),
        phone: String(data.get('phone') ?? '').trim(),
        ...(isRenamed ? { display_name: displayName } : {}),
      }),
    )
    if (!answer?.ok) return
    await mutate(answer.data, { revalidate: false })
    toast(t('saved'))
    // The header's account menu shows the display name.
    if (isRenamed) await globalMutate(VIEWER_PATH)
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby="personal-data">
      <h2 id="personal-data">{t('personal-data')}</h2>
      <Field
        id="name"
        label={t('name')}
        autoComplete="name"
        maxLength={LIMITS.nameMax}
        defaultValue={current.name ?? ''}
        error={form.fieldErrors.name}
      />
      <Field
        id="display_name"
        label={t('display-name')}
        autoComplete="nickname"
        required
        maxLength={LIMITS.displayNameMax}
        readOnly={Boolean(locked)}
        defaultValue={current.display_name}
        hint={
          locked
            ? t('display-name-locked', {
                date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(locked),
              })
            : t('display-name-hint')
        }
        error={form.fieldErrors.display_name}
      />
      <Field
        id="phone"
        label={t('phone')}
        type="tel"
        autoComplete="tel"
        maxLength={LIMITS.phoneMax}
        defaultValue={current.phone ?? ''}
        error={form.fieldErrors.phone}
      />
      <FormMessage error={form.formError} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  )
}
