import type {
  AfterErrorHook,
  CollectionAfterChangeHook,
  CollectionAfterLoginHook,
  CollectionAfterMeHook,
  CollectionBeforeChangeHook,
  CollectionBeforeOperationHook,
} from 'payload'

import { voidBackupCodes } from '@/server/accountSecurity/backupCodes'
import { recordSecurityEvent } from '@/server/accountSecurity/events'
import { recordSessionStart, touchSession } from '@/server/accountSecurity/sessions'
import { passwordStepOfSiteLogin } from '@/server/hookContract'
import type { User } from '@payload-types'

/**
 * The users collection's part of the security log (src/server/accountSecurity), on every door:
 * sessions started by Payload's own logins and password resets, failed passwords on Payload's
 * doors, and the account changes (password, second factor, email) whatever changed them. The
 * site's sign-in records its own sessions and failures (endpoints/auth): its password step makes
 * a session only to end it again when a second factor follows.
 */

const OPERATION = 'securityOperation'
const ATTEMPTED_LOGIN = 'securityAttemptedLogin'
const passwordChangeKey = (id: unknown) => `securityPasswordChanged:${String(id)}`

/** Notes which operation runs (a login, a password reset) and the login a sign-in typed. */
export const noteSecurityOperation: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  req.context[OPERATION] = operation
  if (operation === 'login') {
    const data = (args as { data?: Record<string, unknown> }).data ?? {}
    const typed = [data.username, data.email].find((v) => typeof v === 'string' && v.trim())
    if (typeof typed === 'string') req.context[ATTEMPTED_LOGIN] = typed.trim().toLowerCase()
  }
  return args
}

/** A session Payload's login (or password reset) opened is recorded with its device. */
export const recordPayloadSignIn: CollectionAfterLoginHook = async ({ req, user, token }) => {
  if (passwordStepOfSiteLogin.isSet(req)) return user
  const kind = req.context[OPERATION] === 'resetPassword' ? 'password-reset' : 'sign-in'
  await recordSessionStart({ req, userId: user.id as number, token, kind })
  return user
}

/**
 * A wrong password on Payload's doors (REST, GraphQL, the admin) is logged for its account. A
 * config-level `afterError` hook: GraphQL calls only those (with its own error wrapping ours).
 */
export const recordFailedPayloadSignIn: AfterErrorHook = async ({ error, req }) => {
  const login = req.context[ATTEMPTED_LOGIN]
  if (req.context[OPERATION] !== 'login' || typeof login !== 'string') return
  const original = (error as { originalError?: unknown }).originalError ?? error
  if ((original as { name?: string }).name !== 'AuthenticationError') return
  // Once per request, whichever door reports the error.
  delete req.context[ATTEMPTED_LOGIN]
  const field = login.includes('@') ? 'email' : 'username'
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { [field]: { equals: login } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  if (docs[0]) {
    await recordSecurityEvent({
      req,
      userId: docs[0].id,
      kind: 'sign-in-failed',
      detail: 'password',
    })
  }
}

/** A password given to an update (any door) is noted, for the change to be logged once written. */
export const noteSecurityChanges: CollectionBeforeChangeHook<User> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const password = (data as { password?: unknown }).password
  if (operation === 'update' && typeof password === 'string' && password && originalDoc?.id) {
    req.context[passwordChangeKey(originalDoc.id)] = true
  }
  return data
}

const METHOD_NAMES: Record<string, string> = { totp: 'google', pgp: 'pgp', none: 'none' }

/**
 * Logs (and, for the sensitive ones, mails) what an update changed: the password, the second
 * factor (turned on, off, or changed: another method or another PGP key) and the email. Turning
 * the second factor off voids its backup codes.
 */
export const recordSecurityChanges: CollectionAfterChangeHook<User> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || !previousDoc) return doc
  const userId = doc.id
  if (req.context[passwordChangeKey(userId)]) {
    delete req.context[passwordChangeKey(userId)]
    if (req.context[OPERATION] !== 'resetPassword') {
      await recordSecurityEvent({ req, userId, kind: 'password-changed' })
    }
  }
  const before = previousDoc.twoFactor ?? 'none'
  const after = doc.twoFactor ?? 'none'
  if (before === 'none' && after !== 'none') {
    await recordSecurityEvent({
      req,
      userId,
      kind: 'second-factor-on',
      detail: METHOD_NAMES[after],
    })
  } else if (before !== 'none' && after === 'none') {
    await voidBackupCodes({ req, userId })
    await recordSecurityEvent({
      req,
      userId,
      kind: 'second-factor-off',
      detail: METHOD_NAMES[before],
    })
  } else if (
    after !== 'none' &&
    (before !== after || (after === 'pgp' && previousDoc.pgpPublicKey !== doc.pgpPublicKey))
  ) {
    await recordSecurityEvent({
      req,
      userId,
      kind: 'second-factor-changed',
      detail: METHOD_NAMES[after],
    })
  }
  if (previousDoc.email && previousDoc.email !== doc.email) {
    await recordSecurityEvent({ req, userId, kind: 'email-changed' })
  }
  return doc
}

/** `GET /api/users/me` (every page's account menu asks it) marks the session seen. */
export const touchSessionOnMe: CollectionAfterMeHook = async ({ req, response }) => {
  if ((response as { user?: unknown }).user) await touchSession(req)
  return response
}
