'use client'

import { useSearchParams } from 'next/navigation'
import { useState } from 'react'

import { RegistrationForm } from './RegistrationForm.client'
import { VerifyEmailForm } from './VerifyEmailForm.client'

/**
 * Step 1 registers, step 2 takes the emailed code, which signs the new member in. `?step=verify&user_id=`
 * opens step 2 directly (sign-in sends an unconfirmed account there) and keeps it across a reload.
 */
export function SignUpSteps() {
  const params = useSearchParams()
  const [userId, setUserId] = useState<number | null>(() =>
    params.get('step') === 'verify' ? Number(params.get('user_id')) || null : null,
  )

  if (userId) return <VerifyEmailForm userId={userId} />
  return (
    <RegistrationForm
      onRegistered={(id) => {
        setUserId(id)
        window.history.replaceState(null, '', `?step=verify&user_id=${id}`)
      }}
    />
  )
}
