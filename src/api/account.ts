import { z } from 'zod'

import type { UserView } from '@/data/views/users'
import { LOCALES } from '@/i18n/routing'
import { LIMITS, UPLOAD_RULES, bodyBytesWithFiles } from '@/lib/limits'
import type { Role } from '@/lib/roles'
import { THEMES } from '@/lib/theme'

import { displayNameField, emailField } from './authFields'
import { answer, declareCall } from './call'
import { codeBody, codeField, recordId } from './fields'

/** One role as the forms list it: its value, its name in the request's language. */
export type RoleView = { value: Role; label: string; is_employee_role: boolean }

const publicKey = z.string().trim().min(1, 'required')

export const changeEmail = declareCall({
  path: '/change-email',
  method: 'post',
  auth: 'signedIn',
  summary: 'Ask to change the email: a code is mailed to the new address',
  answer: answer<{ email: string }>('{email}'),
  body: z.object({ email: emailField, current_password: z.string().min(1, 'required') }),
})

export const confirmEmailChange = declareCall({
  path: '/confirm-email-change',
  method: 'post',
  auth: 'signedIn',
  summary: 'Confirm the new email with the code mailed to it',
  answer: answer<{ user: UserView }>('{user}'),
  body: codeBody,
})

export const getUserById = declareCall({
  path: '/get-user-by-id',
  method: 'get',
  auth: 'signedIn',
  summary: 'One account (own, or any for admins)',
  answer: answer<{ user: UserView }>('{user}'),
  query: z.object({ id: recordId.optional() }),
})

export const getRoles = declareCall({
  path: '/get-roles',
  method: 'post',
  auth: 'anyone',
  summary: 'Every role with its name',
  answer: answer<{ roles: RoleView[] }>('{roles: [{value, label, is_employee_role}]}'),
})

export const updateUserById = declareCall({
  path: '/update-user-by-id',
  method: 'post',
  auth: 'signedIn',
  summary: 'Update a profile; form data may carry an `avatar` file (JPG/PNG, 500 KB)',
  answer: answer<{ user: UserView }>('{user}'),
  body: z.object({
    id: recordId.optional(),
    name: z.string().trim().max(LIMITS.nameMax, 'too-long').optional(),
    display_name: displayNameField.optional(),
    phone: z.string().trim().max(LIMITS.phoneMax, 'too-long').optional(),
    theme: z.enum(THEMES).optional(),
    locale: z.enum(LOCALES).optional(),
    profile_private: z.boolean({ message: 'value-invalid' }).optional(),
  }),
  form: true,
  bodyBytesMax: bodyBytesWithFiles({ rule: UPLOAD_RULES.avatar, count: 1 }),
})

export const getMessage = declareCall({
  path: '/get-message',
  method: 'post',
  auth: 'signedIn',
  summary: 'A PGP challenge encrypted to the given public key',
  answer: answer<{ message: string }>('{message}'),
  body: z.object({ public_key: publicKey }),
})

export const checkUpdatePgp = declareCall({
  path: '/check-update-pgp',
  method: 'post',
  auth: 'signedIn',
  summary: 'Store the proven PGP key and turn PGP sign-in on',
  answer: answer<{ two_factor: 'pgp' }>('{two_factor: "pgp"}'),
  body: z.object({ public_key: publicKey, code: codeField }),
})

export const getPgpConfirmation = declareCall({
  path: '/get-message-pgp-confirm',
  method: 'post',
  auth: 'signedIn',
  summary: 'A PGP challenge to the stored key (before turning PGP off)',
  answer: answer<{ message: string }>('{message}'),
})

export const unplugPgp = declareCall({
  path: '/unplug-pgp',
  method: 'post',
  auth: 'signedIn',
  summary: 'Turn PGP sign-in off with the code of that challenge',
  answer: answer<{ two_factor: 'none' }>('{two_factor: "none"}'),
  body: codeBody,
})

export const generateQrCode = declareCall({
  path: '/generate-qr-code',
  method: 'get',
  auth: 'signedIn',
  summary: 'A new authenticator secret and its QR code (PNG data URL)',
  answer: answer<{ secret: string; qr: string }>('{secret, qr}'),
})

export const verifyOtpSettings = declareCall({
  path: '/verify-otp-settings',
  method: 'post',
  auth: 'signedIn',
  summary: 'Turn authenticator sign-in on with a code from the app',
  answer: answer<{ two_factor: 'google' }>('{two_factor: "google"}'),
  body: codeBody,
})

export const unplugGoogle = declareCall({
  path: '/unplug-google',
  method: 'post',
  auth: 'signedIn',
  summary: 'Turn authenticator sign-in off with a current code',
  answer: answer<{ two_factor: 'none' }>('{two_factor: "none"}'),
  body: codeBody,
})
