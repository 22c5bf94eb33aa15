import { randomBytes } from 'node:crypto'

import type { PayloadRequest } from 'payload'

import * as calls from '@/api/auth'
import { CONSENT_VERSION } from '@/lib/consent'
import { LIMITS } from '@/lib/limits'
import { MEMBER_ROLE } from '@/lib/roles'
import { clientAddress } from '@/server/clientAddress'
import { env } from '@/server/env'
import { consumeAttempt } from '@/server/rateLimit'
import { messageLocale } from '@/server/serverMessages'
import type { User } from '@payload-types'

import { blockedAnswer } from '../lib/currentUser'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

import { askForSecondFactor, finishWithNewSession } from './loginSteps'

/** Google sign-in is offered when a client id is configured. */
export const isGoogleSignInEnabled = () => Boolean(env().GOOGLE_CLIENT_ID)

type GoogleIdentity = { sub: string; email: string; name?: string }

/**
 * Asks Google (or GOOGLE_TOKENINFO_URL) whether an ID token is genuine, meant for this site and
 * for a confirmed address.
 */
const verifyIdToken = async (
  req: PayloadRequest,
  credential: string,
): Promise<GoogleIdentity | null> => {
  try {
    const url = new URL(env().GOOGLE_TOKENINFO_URL)
    url.searchParams.set('id_token', credential)
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
    if (!response.ok) return null
    const info = (await response.json()) as Record<string, unknown>
    const issuers = ['accounts.google.com', 'https://accounts.google.com']
    const isGenuine =
      info.aud === env().GOOGLE_CLIENT_ID &&
      issuers.includes(String(info.iss)) &&
      (info.email_verified === true || info.email_verified === 'true') &&
      Number(info.exp) * 1000 > Date.now()
    if (!isGenuine || typeof info.sub !== 'string' || typeof info.email !== 'string') return null
    return { sub: info.sub, email: info.email.toLowerCase(), name: info.name as string | undefined }
  } catch (error) {
    req.payload.logger.error({ err: error, msg: 'Google ID token verification failed' })
    return null
  }
}

const freeValue = async (req: PayloadRequest, field: 'username' | 'displayName', base: string) => {
  for (let n = 0; ; n += 1) {
    const candidate = n === 0 ? base : `${base}${field === 'username' ? '' : ' '}${n + 1}`
    const { totalDocs } = await req.payload.count({
      collection: 'users',
      where: { [field]: { equals: candidate } },
      req,
    })
    if (totalDocs === 0) return candidate
  }
}

const createGoogleAccount = async (req: PayloadRequest, identity: GoogleIdentity) => {
  const local = identity.email
    .split('@')[0]
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 24)
  return (await req.payload.create({
    collection: 'users',
    data: {
      username: await freeValue(req, 'username', local.length >= 3 ? local : `user-${local}`),
      email: identity.email,
      // Room for the " 2", " 3"… that makes a taken display name free.
      displayName: await freeValue(
        req,
        'displayName',
        (identity.name || local).slice(0, LIMITS.displayNameMax - 10),
      ),
      name: identity.name?.slice(0, LIMITS.nameMax),
      // Never used: the account signs in through Google only.
      password: randomBytes(32).toString('base64url'),
      role: MEMBER_ROLE,
      status: 'verified',
      twoFactor: 'none',
      authProvider: 'google',
      googleSubject: identity.sub,
      locale: messageLocale(req),
      consentVersion: CONSENT_VERSION,
      consentedAt: new Date().toISOString(),
    },
    req,
  })) as User
}

/**
 * POST /google-sign-in {credential, consent}: signs in (or up) with a Google ID token; signing
 * up needs `consent` to the rules and the privacy policy. An address that already belongs to a
 * password account is not merged into it: that person is told to sign in with their password.
 */
export const googleSignIn = defineEndpoint(calls.googleSignIn, {
  handler: async ({ req, body, reply }) => {
    if (!isGoogleSignInEnabled()) return fail({ req, status: 404, code: 'forbidden' })
    if (!(await consumeAttempt({ req, limit: 'loginPerAddress', key: clientAddress(req) }))) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    const identity = await verifyIdToken(req, body.credential)
    if (!identity) return fail({ req, status: 422, code: 'wrong-credentials', field: 'credential' })
    const { docs } = await req.payload.find({
      collection: 'users',
      where: {
        or: [{ googleSubject: { equals: identity.sub } }, { email: { equals: identity.email } }],
      },
      limit: 1,
      depth: 0,
      req,
    })
    const existing = docs[0] as User | undefined
    if (existing && existing.authProvider !== 'google') {
      return fail({ req, status: 409, code: 'account-uses-password' })
    }
    // Signing up through Google records the same consent as the sign-up form.
    if (!existing && body.consent !== true) {
      return fail({ req, status: 422, code: 'consent-required', field: 'consent' })
    }
    const user = existing ?? (await createGoogleAccount(req, identity))
    if (user.blocked) return blockedAnswer({ req, account: user })
    if (user.twoFactor !== 'none') return askForSecondFactor({ req, user, reply })
    return finishWithNewSession({ req, user, reply })
  },
})
