'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useState } from 'react'

import { buttonClass } from '@/components/ui/Button'
import { FormMessage } from '@/components/ui/Field'
import { Link } from '@/i18n/navigation'

import { RegistrationForm } from './RegistrationForm.client'
import { VerifyEmailForm } from './VerifyEmailForm.client'

/**
 * Step 1 registers, step 2 takes the emailed code. `?step=verify&user_id=` opens step 2 directly
 * (sign-in sends an unconfirmed account there) and keeps it across a reload.
 */
export function SignUpSteps() {
  const t = useTranslations('signup')
  const params = useSearchParams()
  const [userId, setUserId] = useState<number | null>(() =>
    params.get('step') === 'verify' ? Number(params.get('user_id')) || null : null,
  )
  const [isVerified, setIsVerified] = useState(false)

  if (isVerified) {
    return (
      <div className="form">
        <FormMessage success={t('verified')} />
        <Link href="/signin" className={buttonClass()}>
          {t('go-signin')}
        </Link>
      </div>
    )
  }
  if (userId) return <VerifyEmailForm userId={userId} onVerified={() => setIsVerified(true)} />
  return (
    <RegistrationForm
      onRegistered={(id) => {
        setUserId(id)
        window.history.replaceState(null, '', `?step=verify&user_id=${id}`)
      }}
    />
  )
}
