import type { PayloadRequest } from 'payload'

import * as calls from '@/api/notificationMail'
import { type EmailSettings, emailSettingsOf, storedEmailSettings } from '@/lib/notificationMail'
import { NOTIFICATION_KINDS } from '@/lib/notifications'
import { inTransaction } from '@/server/db'
import { readUnsubscribeToken } from '@/server/unsubscribeToken'
import type { User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

/** The caller's choices, read as the caller (the field's access: the holder and admins). */
const readSettings = async (req: PayloadRequest, user: User): Promise<EmailSettings> => {
  const account = await req.payload.findByID({
    collection: 'users',
    id: user.id,
    select: { notificationEmail: true },
    depth: 0,
    overrideAccess: false,
    user,
    req,
  })
  return emailSettingsOf(account.notificationEmail)
}

/** GET /get-notification-settings → {settings}: the caller's own, each kind's choice. */
export const getNotificationSettings = defineEndpoint(calls.getNotificationSettings, {
  handler: async ({ req, user, reply }) => reply({ settings: await readSettings(req, user) }),
})

/**
 * POST /update-notification-settings {<kind>: immediate|digest|never, …} → {settings}: changes the
 * kinds given on the caller's own account, through the collection as the caller; there is no way
 * to name another account.
 */
export const updateNotificationSettings = defineEndpoint(calls.updateNotificationSettings, {
  handler: async ({ req, user, body, reply }) => {
    const settings = await inTransaction(req, async () => {
      const current = await readSettings(req, user)
      const next = { ...current }
      for (const kind of NOTIFICATION_KINDS) next[kind] = body[kind] ?? current[kind]
      const updated = await req.payload.update({
        collection: 'users',
        id: user.id,
        data: { notificationEmail: storedEmailSettings(next) },
        // No `select`: the account's own afterChange hooks (tellOldAddress) compare the whole
        // document with the one before, and would take a missing email for a changed one.
        depth: 0,
        overrideAccess: false,
        user,
        req,
      })
      return emailSettingsOf(updated.notificationEmail)
    })
    return reply({ settings })
  },
})

/**
 * POST /unsubscribe-notifications?token=… (RFC 8058's one-click, or the unsubscribe page's
 * button) → {stopped}: the signed token's account gets `never` for its kind, or for every kind,
 * without signing in. A token that is not genuine changes nothing and answers 400.
 */
export const unsubscribeNotifications = defineEndpoint(calls.unsubscribeNotifications, {
  handler: async ({ req, query, body, reply }) => {
    const token = readUnsubscribeToken(query.token ?? body.token)
    if (!token) return fail({ req, status: 400, code: 'unsubscribe-link-invalid' })
    const done = await inTransaction(req, async () => {
      const account = await req.payload.findByID({
        collection: 'users',
        id: token.userId,
        select: { notificationEmail: true },
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
        req,
      })
      if (!account) return false
      const settings = emailSettingsOf(account.notificationEmail)
      for (const kind of NOTIFICATION_KINDS) {
        if (token.scope === 'all' || token.scope === kind) settings[kind] = 'never'
      }
      await req.payload.update({
        collection: 'users',
        id: token.userId,
        data: { notificationEmail: storedEmailSettings(settings) },
        depth: 0,
        overrideAccess: true,
        req,
      })
      return true
    })
    if (!done) return fail({ req, status: 400, code: 'unsubscribe-link-invalid' })
    return reply({ stopped: token.scope })
  },
})

export const notificationMailEndpoints = [
  getNotificationSettings,
  updateNotificationSettings,
  unsubscribeNotifications,
]
