import { z } from 'zod'

import { LIMITS, LOGIN_PATTERN } from '@/lib/limits'

export const emailField = z.string().trim().min(1, 'required').pipe(z.email('email-invalid'))

export const loginField = z.string().trim().min(1, 'required').regex(LOGIN_PATTERN, 'login-invalid')

export const displayNameField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(LIMITS.displayNameMax, 'too-long')

/** `fields` and a new password typed twice: at least 6 characters, and the two the same. */
export const newPassword = <Shape extends z.ZodRawShape>(fields: Shape) =>
  z
    .object({
      ...fields,
      password: z.string().min(LIMITS.passwordMin, 'password-too-short'),
      password_confirmation: z.string().min(1, 'required'),
    })
    .refine(
      (data) => {
        const typed = data as { password: string; password_confirmation: string }
        return typed.password === typed.password_confirmation
      },
      { path: ['password_confirmation'], message: 'passwords-mismatch' },
    )

/** Consent to the rules and the privacy policy (src/lib/consent.ts): only `true` passes. */
export const consentField = z
  .boolean({ error: 'consent-required' })
  .refine((given) => given, 'consent-required')
