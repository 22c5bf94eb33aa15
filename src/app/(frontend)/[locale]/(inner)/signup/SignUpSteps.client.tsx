'use client'

import { useSearchParams } from 'next/navigation'
import { useState } from 'react'

import { NEXT_PARAM, safeNextPath } from '@/routes'

import { RegistrationForm } from './RegistrationForm.client'
import { VerifyEmailForm } from './VerifyEmailForm.client'

/**
 * Step 1 registers, step 2 takes the emailed code, which signs the new member in. `?step=verify&user_id=`
 * opens step 2 directly (sign-in sends an unconfirmed account there) and keeps it across a reload.
 * A `next` (a review invitation's page) is kept through both steps and opened once signed in.
 */
export function SignUpSteps() {
  const params = useSearchParams()
  const next = safeNextPath(params.get(NEXT_PARAM))
  const [userId, setUserId] = useState<number | null>(() =>
    params.get('step') === 'verify' ? Number(params.get('user_id')) || null : null,
  )

  if (userId) return <VerifyEmailForm userId={userId} next={next} />
  return (
    <RegistrationForm
      onRegistered={(id) => {
        setUserId(id)
        const query = new URLSearchParams({ step: 'verify', user_id: String(id) })
        if (next) query.set(NEXT_PARAM, next)
        window.history.replaceState(null, '', `?${query}`)
      }}
    />
  )
}
