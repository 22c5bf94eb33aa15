'use client'

import Image from 'next/image'
import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { useCurrentUser } from '@/client/swr/useCurrentUser'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage } from '@/components/ui/Field'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import type { UserView } from '@/data/views/users'
import { UPLOAD_RULES } from '@/lib/limits'

/** Spec §5: an avatar is a JPG or PNG of at most 500 KB (the server checks again, by its bytes). */
const { maxBytes, mimeTypes } = UPLOAD_RULES.avatar

const FIELDS = ['avatar'] as const

export function AvatarForm({ fallback }: { fallback: UserView }) {
  const t = useTranslations('profile')
  const api = useTranslations('api')
  const { user, mutate } = useCurrentUser({ fallback })
  const form = useApiForm(FIELDS)
  const [localError, setLocalError] = useState<string | null>(null)
  const toast = useToast()
  const current = user ?? fallback

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const file = new FormData(element).get('avatar')
    if (!(file instanceof File) || !file.size) return setLocalError(api('required'))
    if (!(mimeTypes as readonly string[]).includes(file.type))
      return setLocalError(api('file-type-not-allowed'))
    if (file.size > maxBytes) return setLocalError(api('file-too-large'))
    setLocalError(null)
    const body = new FormData()
    body.append('avatar', file)
    const answer = await form.submit(() => apiPost('/update-user-by-id', body))
    if (!answer?.ok) return
    await mutate(answer.data, { revalidate: false })
    element.reset()
    toast(t('avatar-saved'))
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby="avatar-heading">
      <h2 id="avatar-heading">{t('avatar-heading')}</h2>
      <div className="avatar-row">
        {current.avatar ? (
          <Image
            src={current.avatar}
            alt={t('avatar-alt')}
            width={96}
            height={96}
            unoptimized
            className="avatar-large"
          />
        ) : (
          <span className="avatar avatar-large" aria-hidden="true">
            {current.display_name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <Field
          id="avatar"
          label={t('avatar-file')}
          type="file"
          accept={mimeTypes.join(',')}
          required
          hint={t('avatar-hint')}
          error={localError ?? form.fieldErrors.avatar}
        />
      </div>
      <FormMessage error={form.formError} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('avatar-uploading') : t('avatar-upload')}
        </Button>
      </div>
    </form>
  )
}
