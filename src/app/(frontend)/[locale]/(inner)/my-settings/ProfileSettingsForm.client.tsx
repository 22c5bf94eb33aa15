'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { FormMessage } from '@/components/ui/Field'
import { useToast } from '@/components/ui/Toast.client'
import { UnsavedMark } from '@/components/ui/UnsavedMark'
import { useApiForm } from '@/components/useApiForm.client'
import { Link } from '@/i18n/navigation'
import { reviewerPath } from '@/lib/reviewers'

/**
 * Whether the member's reviewer profile (/reviewers/{login}) is open to all or private: a private
 * one answers "not found" and their name on reviews links nowhere; the reviews stay.
 */
export function ProfileSettingsForm({ login, initial }: { login: string; initial: boolean }) {
  const t = useTranslations('reviewer')
  const form = useApiForm(['profile_private'])
  const toast = useToast()
  const [saved, setSaved] = useState(initial)
  const [isPrivate, setIsPrivate] = useState(initial)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const answer = await form.submit(() =>
      apiPost('/update-user-by-id', { profile_private: isPrivate }),
    )
    if (!answer?.ok) return
    setSaved(answer.data.user.profile_private)
    toast(t('saved'))
  }

  const path = reviewerPath(login)
  return (
    <form className="form" onSubmit={onSubmit}>
      <p className="field-hint">
        {saved
          ? t('profile-private-now')
          : t.rich('profile-public', {
              path,
              link: (chunks) => <Link href={path}>{chunks}</Link>,
            })}
      </p>
      <div className="field consent-field">
        <label className="checkbox">
          <input
            id="profile-private"
            name="profile_private"
            type="checkbox"
            checked={isPrivate}
            aria-describedby="profile-private-hint"
            onChange={(event) => setIsPrivate(event.target.checked)}
          />
          <span>{t('private-label')}</span>
        </label>
        <p id="profile-private-hint" className="field-hint">
          {t('private-hint')}
        </p>
      </div>
      <FormMessage error={form.formError ?? form.fieldErrors.profile_private} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('saving') : t('save')}
        </Button>
        <UnsavedMark isDirty={isPrivate !== saved} />
      </div>
    </form>
  )
}
