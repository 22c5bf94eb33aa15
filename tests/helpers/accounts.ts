import { waitForMail } from './mailbox'
import { rest } from './restClient'

let counter = 0

/** A unique, valid registration body (consent given); `overrides` replace any field. */
export const buildRegistration = (overrides: Record<string, string | boolean> = {}) => {
  counter += 1
  const id = `${Date.now().toString(36)}${counter}`
  return {
    login: `member${id}`,
    email: `member${id}@example.com`,
    password: 'secret-pass',
    password_confirmation: 'secret-pass',
    display_name: `Member ${id}`,
    consent: true,
    ...overrides,
  }
}

export const codeFrom = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? ''

/** Registers, confirms by the emailed code, and returns the account's details. */
export const createVerifiedAccount = async (overrides: Record<string, string | boolean> = {}) => {
  const body = buildRegistration(overrides)
  const { json } = await rest('POST', '/register-user', { body })
  const mail = await waitForMail({ to: body.email })
  await rest('POST', '/verify-otp', { body: { user_id: json.user_id, code: codeFrom(mail.text) } })
  return { ...body, userId: json.user_id as number }
}

/** Signs in an account without a second factor; returns its token. */
export const signInToken = async ({ login, password }: { login: string; password: string }) => {
  const { json } = await rest('POST', '/login', { body: { login, password } })
  return json.user.token as string
}

/** `name=value` pairs of the Set-Cookie headers, ready to send back as a Cookie header. */
export const cookiesFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
