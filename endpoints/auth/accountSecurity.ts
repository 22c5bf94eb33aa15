import * as calls from '@/api/accountSecurity'
import { SECURITY_EVENTS_PAGE_SIZE } from '@/lib/accountSecurity'
import {
  backupCodesLeft,
  generateBackupCodes as makeBackupCodes,
} from '@/server/accountSecurity/backupCodes'
import { recordSecurityEvent } from '@/server/accountSecurity/events'
import { currentSessionId, endSessions, listSessions } from '@/server/accountSecurity/sessions'
import { inTransaction } from '@/server/db'
import { checkCurrentPassword, findStoredAccount } from '@hooks/users/guardAccountChanges'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'

/** GET /account-sessions: the caller's live sessions, this one marked. */
export const getAccountSessions = defineEndpoint(calls.getAccountSessions, {
  handler: async ({ req, user, reply }) => reply({ sessions: await listSessions(req, user.id) }),
})

/**
 * POST /end-session {session_id}: ends one other session of the caller's own account (there is
 * no way to name another account's session: a session id not on the caller's account is 404).
 */
export const endSession = defineEndpoint(calls.endSession, {
  handler: async ({ req, user, body, reply }) => {
    const current = currentSessionId(req)
    if (body.session_id === current) return fail({ req, status: 409, code: 'session-is-current' })
    const ended = await inTransaction(req, async () => {
      const count = await endSessions({ req, userId: user.id, only: body.session_id })
      if (count > 0) {
        await recordSecurityEvent({ req, userId: user.id, kind: 'sessions-ended', detail: '1' })
      }
      return count
    })
    if (ended === 0) return fail({ req, status: 404, code: 'session-not-found' })
    return reply({ ended })
  },
})

/** POST /end-other-sessions: every session of the caller's account but this one ends. */
export const endOtherSessions = defineEndpoint(calls.endOtherSessions, {
  handler: async ({ req, user, reply }) => {
    const keep = currentSessionId(req)
    const ended = await inTransaction(req, async () => {
      const count = await endSessions({ req, userId: user.id, keep })
      if (count > 0) {
        await recordSecurityEvent({
          req,
          userId: user.id,
          kind: 'sessions-ended',
          detail: String(count),
        })
      }
      return count
    })
    return reply({ ended })
  },
})

/** GET /security-events?page=: the caller's own log, newest first (read with their access). */
export const getSecurityEvents = defineEndpoint(calls.getSecurityEvents, {
  handler: async ({ req, user, query, reply }) => {
    const result = await req.payload.find({
      collection: 'security-events',
      where: { user: { equals: user.id } },
      sort: '-createdAt',
      page: query.page,
      limit: SECURITY_EVENTS_PAGE_SIZE,
      depth: 0,
      overrideAccess: false,
      user,
      req,
    })
    return reply({
      events: result.docs.map((doc) => ({
        id: doc.id,
        kind: doc.kind,
        address: doc.address ?? null,
        device: doc.device ?? null,
        detail: doc.detail ?? null,
        created_at: doc.createdAt,
      })),
      page: result.page ?? query.page,
      total_pages: result.totalPages,
      total: result.totalDocs,
    })
  },
})

/** GET /backup-codes: whether codes apply to the account, and how many are left. */
export const getBackupCodes = defineEndpoint(calls.getBackupCodes, {
  handler: async ({ req, user, reply }) =>
    reply({
      two_factor_on: user.twoFactor !== 'none',
      has_password: user.authProvider !== 'google',
      codes: await backupCodesLeft({ req, userId: user.id }),
    }),
})

/**
 * POST /generate-backup-codes {current_password}: ten new codes, shown in this answer only; the
 * old ones are void. As the big sites do, it asks the password again (a session left open on a
 * shared computer must not be enough), limited per account like every password check; only an
 * account with a second factor has codes.
 */
export const generateBackupCodes = defineEndpoint(calls.generateBackupCodes, {
  fieldNames: { currentPassword: 'current_password' },
  handler: async ({ req, user, body, reply }) => {
    if (user.twoFactor === 'none') {
      return fail({ req, status: 409, code: 'two-factor-not-enabled' })
    }
    if (user.authProvider === 'google') {
      return fail({ req, status: 409, code: 'account-uses-google' })
    }
    const account = await findStoredAccount({ req, id: user.id })
    if (!account) return fail({ req, status: 401, code: 'unauthorized' })
    const check = await checkCurrentPassword({ req, account, password: body.current_password })
    if (check === 'too-many') return fail({ req, status: 429, code: 'too-many-attempts' })
    if (check === 'wrong') {
      return invalid({ req, errors: { current_password: ['current-password-incorrect'] } })
    }
    const codes = await inTransaction(req, async () => {
      const made = await makeBackupCodes({ req, userId: user.id })
      await recordSecurityEvent({ req, userId: user.id, kind: 'backup-codes-generated' })
      return made
    })
    return reply({ codes })
  },
})
