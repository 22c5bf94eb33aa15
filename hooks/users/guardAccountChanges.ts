import {
  APIError,
  type CollectionAfterChangeHook,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
  ValidationError,
} from 'payload'

import { LIMITS, LOGIN_PATTERN, isRecordId } from '@/lib/limits'
import { canAdministerUsers } from '@/lib/roles'
import { siteName } from '@/server/env'
import { newEmailConfirmed } from '@/server/hookContract'
import { queueEmail } from '@/server/mailQueue'
import { passwordMatches } from '@/server/passwords'
import { consumeAttempt } from '@/server/rateLimit'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import type { User } from '@payload-types'

const say = (req: PayloadRequest, key: string) =>
  serverMessage({ locale: messageLocale(req), key: `api.${key}` })

const refuse = (req: PayloadRequest, path: string, key: string): never => {
  throw new ValidationError({ collection: 'users', errors: [{ path, message: say(req, key) }] })
}

/**
 * The account's secrets change the same way through every door (the site's calls, REST, GraphQL,
 * the admin):
 * - a password has at least LIMITS.passwordMin characters and a login follows LOGIN_PATTERN,
 *   wherever they are set (sign-up, the admin, Payload's reset);
 * - a member changes their own password only with their current one (`currentPassword` beside
 *   `password`; wrong tries are limited per account), and their email only by confirming the new
 *   address (the site's /api/change-email); admins set both for anyone.
 */
export const guardAccountChanges: CollectionBeforeOperationHook = async ({
  args,
  operation,
  req,
}) => {
  if (operation !== 'create' && operation !== 'update' && operation !== 'resetPassword') {
    return args
  }
  const data = args.data as Record<string, unknown> | undefined
  if (!data || typeof data !== 'object') return args
  const { currentPassword } = data
  delete data.currentPassword
  if (
    data.password !== undefined &&
    (typeof data.password !== 'string' || data.password.length < LIMITS.passwordMin)
  ) {
    refuse(req, 'password', 'password-too-short')
  }
  if (data.username !== undefined && !LOGIN_PATTERN.test(String(data.username).trim())) {
    refuse(req, 'username', 'login-invalid')
  }
  if (operation !== 'update') return args

  const changesPassword = data.password !== undefined
  const changesEmail = data.email !== undefined
  if (!changesPassword && !changesEmail) return args
  // The system (seed, scripts) and admins; a confirmed new address.
  if (!req.user || canAdministerUsers(req.user)) return args
  if (changesEmail && !changesPassword && newEmailConfirmed.isSet(req)) return args

  const id = Number('id' in args ? args.id : undefined)
  // A member reaches only their own account; a change of many at once is no way to change it.
  if (!isRecordId(id)) return refuse(req, changesPassword ? 'password' : 'email', 'forbidden')
  const account = await findStoredAccount({ req, id })
  // Payload answers for an account that is not there or not theirs.
  if (!account || account.id !== req.user.id) return args

  if (changesEmail) {
    if (String(data.email).trim().toLowerCase() === account.email) delete data.email
    else refuse(req, 'email', 'email-change-needs-confirmation')
  }
  if (!changesPassword) return args
  if (typeof currentPassword !== 'string' || !currentPassword) {
    return refuse(req, 'currentPassword', 'current-password-required')
  }
  const check = await checkCurrentPassword({ req, account, password: currentPassword })
  if (check === 'too-many') throw new APIError(say(req, 'too-many-attempts'), 429, null, true)
  if (check === 'wrong') refuse(req, 'currentPassword', 'current-password-incorrect')
  return args
}

type StoredAccount = User & { hash?: string; salt?: string }

/** The account as stored, its password hash included (never sent anywhere). */
export const findStoredAccount = async ({ req, id }: { req: PayloadRequest; id: number }) =>
  (await req.payload.db.findOne({
    collection: 'users',
    where: { id: { equals: id } },
    req,
  })) as StoredAccount | null

/** Checks a member's current password; wrong tries are limited per account. */
export const checkCurrentPassword = async ({
  req,
  account,
  password,
}: {
  req: PayloadRequest
  account: StoredAccount
  password: string
}): Promise<'ok' | 'wrong' | 'too-many'> => {
  if (
    !(await consumeAttempt({ req, limit: 'passwordCheckPerAccount', key: `user:${account.id}` }))
  ) {
    return 'too-many'
  }
  return (await passwordMatches({ password, hash: account.hash, salt: account.salt }))
    ? 'ok'
    : 'wrong'
}

/** The old address is told when an account's email changes, by whatever door (queued with it). */
export const tellOldAddress: CollectionAfterChangeHook<User> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  // A write that read back no email (a `select` without it) changed none.
  if (operation !== 'update' || !previousDoc?.email || !doc.email) return doc
  if (previousDoc.email === doc.email) return doc
  const locale = doc.locale ?? messageLocale(req)
  await queueEmail({
    req,
    message: {
      to: previousDoc.email,
      subject: serverMessage({
        locale,
        key: 'emails.email-changed-subject',
        values: { site: siteName },
      }),
      text: serverMessage({
        locale,
        key: 'emails.email-changed-body',
        values: { email: doc.email },
      }),
    },
  })
  return doc
}
