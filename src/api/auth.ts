import { z } from 'zod'

import type { UserView } from '@/data/views/users'

import { consentField, displayNameField, emailField, loginField, newPassword } from './authFields'
import { answer, declareCall } from './call'
import { codeField, recordId } from './fields'

/**
 * A finished sign-in: the account and its token (the session cookie is set as well), and a
 * sentence saying so in the request's language.
 */
export type SignedInAnswer = {
  auth: null
  message: string
  user_id: number
  user: UserView & { token: string }
}

/**
 * The password was right and the account has a second factor: the PGP message to decrypt, or a
 * wait for the authenticator's code.
 */
export type SecondStepAnswer =
  | { auth: 'pgp'; message: string; user_id: number }
  | { auth: 'google'; message: null; user_id: number }

/** What a first step (password or Google) answers: signed in, or the second step asked for. */
export type LoginAnswer = SignedInAnswer | SecondStepAnswer

const credentials = {
  login: z.string().trim().min(1, 'required'),
  password: z.string().min(1, 'required'),
}

/** The second step for API clients: the code with the login and password again. */
const secondStepBody = z.object({ message: codeField, ...credentials })

export const registerUser = declareCall({
  path: '/register-user',
  method: 'post',
  auth: 'anyone',
  summary: 'Create an unverified account; a code is emailed',
  answer: answer<{ user_id: number }>('{user_id}'),
  body: newPassword({
    login: loginField,
    email: emailField,
    display_name: displayNameField,
    captcha: z.string().optional(),
    consent: consentField,
  }),
})

export const verifyOtp = declareCall({
  path: '/verify-otp',
  method: 'post',
  auth: 'anyone',
  summary: 'Confirm the new account with the emailed code; signs it in (or asks the second step)',
  answer: answer<LoginAnswer>('{auth, message, user_id, user?: {token, ...}}'),
  body: z.object({ user_id: recordId, code: codeField }),
})

export const login = declareCall({
  path: '/login',
  method: 'post',
  auth: 'anyone',
  summary: 'Sign in; answers auth "pgp" or "google" when a second step is needed',
  answer: answer<LoginAnswer>('{auth, message, user_id, user?: {token, ...}}'),
  body: z.object(credentials),
})

export const loginPgp = declareCall({
  path: '/login-pgp',
  method: 'post',
  auth: 'anyone',
  summary: 'Second step: the decrypted PGP code with login and password',
  answer: answer<SignedInAnswer>('{auth: null, message, user_id, user: {token, ...}}'),
  body: secondStepBody,
})

export const loginGoogle = declareCall({
  path: '/login-google',
  method: 'post',
  auth: 'anyone',
  summary: 'Second step: the authenticator code with login and password',
  answer: answer<SignedInAnswer>('{auth: null, message, user_id, user: {token, ...}}'),
  body: secondStepBody,
})

export const verifyOtpLogin = declareCall({
  path: '/verify-otp-login',
  method: 'post',
  auth: 'anyone',
  summary:
    'Second step for the browser that started the sign-in (login-ticket cookie); `backup_code: true` takes one of the backup codes in place of the second factor',
  answer: answer<SignedInAnswer>('{auth: null, message, user_id, user: {token, ...}}'),
  body: z.object({
    user_id: recordId,
    code: codeField,
    backup_code: z.boolean({ message: 'value-invalid' }).optional(),
  }),
})

export const getMessagePgpUser = declareCall({
  path: '/get-message-pgp-user',
  method: 'get',
  auth: 'anyone',
  summary: "The pending sign-in's PGP message again",
  answer: answer<{ message: string; user_id: number }>('{message, user_id}'),
  query: z.object({ user_id: recordId }),
})

export const getToken = declareCall({
  path: '/get-token',
  method: 'post',
  auth: 'anyone',
  summary: 'A token for an API client (accounts without a second factor)',
  answer: answer<{ token: string }>('{token}'),
  body: z.object({
    email: z.string().trim().min(1, 'required'),
    password: z.string().min(1, 'required'),
  }),
})

export const googleSignIn = declareCall({
  path: '/google-sign-in',
  method: 'post',
  auth: 'anyone',
  summary:
    'Sign in or up with a Google ID token (when GOOGLE_CLIENT_ID is set); a new account needs consent',
  answer: answer<LoginAnswer>('{auth, message, user_id, user?: {token, ...}}'),
  body: z.object({ credential: z.string().min(1, 'required'), consent: z.boolean().optional() }),
})

export const forgetPassword = declareCall({
  path: '/forget-password',
  method: 'post',
  auth: 'anyone',
  summary: 'Email a single-use password reset link',
  answer: answer(),
  body: z.object({ email: emailField }),
})

export const resetPassword = declareCall({
  path: '/reset-password',
  method: 'post',
  auth: 'anyone',
  summary: 'Set a new password with the emailed token',
  answer: answer(),
  body: newPassword({ token: z.string().trim().min(1, 'reset-link-invalid') }),
})

export const changePassword = declareCall({
  path: '/change-password',
  method: 'post',
  auth: 'signedIn',
  summary: 'Change the password (form data); the other sessions end',
  answer: answer(),
  body: newPassword({ current_password: z.string().min(1, 'required') }),
  form: true,
})
