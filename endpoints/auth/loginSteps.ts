import type { PayloadRequest } from 'payload'
import { parseCookies } from 'payload/shared'

import type { SecondStepAnswer, SignedInAnswer } from '@/api/auth'
import { userView } from '@/data/views/users'
import { recordSessionStart } from '@/server/accountSecurity/sessions'
import { isSecureCookie } from '@/server/cookies'
import { siteName } from '@/server/env'
import type { User } from '@payload-types'

import { CHALLENGE_TTL_MS, findChallenge, newTicket, openChallenge } from '../lib/challenges'
import { sayFor } from '../lib/http'
import { issueSession, revokeToken } from '../lib/session'

import { createChallenge } from './lib/pgp'

/** Binds a pending second step to the browser that gave the password (httpOnly, minutes). */
export const LOGIN_TICKET_COOKIE = 'login-ticket'

const ticketCookie = (ticket: string, maxAgeSeconds: number) =>
  [
    `${LOGIN_TICKET_COOKIE}=${ticket}`,
    'Path=/api',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
    ...(isSecureCookie() ? ['Secure'] : []),
  ].join('; ')

/** The calling handler's `reply` (its typed 200 answer): several calls share these steps. */
type Reply<T> = (body: T, init?: ResponseInit) => Response

export const readTicket = (req: PayloadRequest) =>
  parseCookies(req.headers).get(LOGIN_TICKET_COOKIE) ?? null

/**
 * The answer that completes a sign-in: the token in the body and the session cookie, and the
 * spec's `message` (the login response has one) saying so in the request's language. The session
 * is recorded (device, address) and the sign-in logged: a new browser is told by mail.
 */
export const signedIn = async ({
  req,
  user,
  token,
  cookie,
  reply,
}: {
  req: PayloadRequest
  user: User
  token: string
  cookie?: string
  reply: Reply<SignedInAnswer>
}) => {
  await recordSessionStart({ req, userId: user.id, token })
  const headers = new Headers()
  if (cookie) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', ticketCookie('', 0))
  return reply(
    {
      auth: null,
      message: sayFor(req)('signed-in'),
      user_id: user.id,
      user: { ...userView(user), token },
    },
    { headers },
  )
}

export const finishWithNewSession = async ({
  req,
  user,
  reply,
}: {
  req: PayloadRequest
  user: User
  reply: Reply<SignedInAnswer>
}) => {
  const { token, cookie } = await issueSession({ req, user })
  return signedIn({ req, user, token, cookie, reply })
}

/**
 * The first factor was right and the account has a second one: the session Payload opened for
 * the password (if any) is ended again, and a challenge (a PGP message, or a wait for the app's
 * code) is opened.
 */
export const askForSecondFactor = async ({
  req,
  user,
  token,
  reply,
}: {
  req: PayloadRequest
  user: User
  token?: string
  reply: Reply<SecondStepAnswer>
}) => {
  if (token) await revokeToken({ req, token })
  const ticket = newTicket()
  const seconds = CHALLENGE_TTL_MS.login / 1000
  if (user.twoFactor === 'pgp' && user.pgpPublicKey) {
    const { code, message } = await createChallenge({ armoredKey: user.pgpPublicKey, siteName })
    await openChallenge({
      req,
      userId: user.id,
      purpose: 'login',
      method: 'pgp',
      code,
      ticket,
      message,
    })
    return reply(
      { auth: 'pgp', message, user_id: user.id },
      { headers: { 'Set-Cookie': ticketCookie(ticket, seconds) } },
    )
  }
  await openChallenge({ req, userId: user.id, purpose: 'login', method: 'totp', ticket })
  return reply(
    { auth: 'google', message: null, user_id: user.id },
    { headers: { 'Set-Cookie': ticketCookie(ticket, seconds) } },
  )
}

export const pendingLogin = ({
  req,
  userId,
  ticket,
}: {
  req: PayloadRequest
  userId: number
  ticket?: string | null
}) => findChallenge({ req, userId, purpose: 'login', ticket })
