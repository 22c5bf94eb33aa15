import * as calls from '@/api/notifications'
import { countUnread, listNotifications, unreadOf } from '@/data/views/notifications'
import { messageLocale } from '@/server/serverMessages'

import { defineEndpoint } from '../lib/defineEndpoint'

/** GET /get-notifications?page=&limit= → the caller's notifications, in the request's language. */
export const getNotifications = defineEndpoint(calls.getNotifications, {
  handler: async ({ req, user, query, reply }) =>
    reply(
      await listNotifications({
        payload: req.payload,
        req,
        user,
        locale: messageLocale(req),
        page: query.page,
        limit: query.limit,
      }),
    ),
})

/** GET /get-notifications-count → {unread}. */
export const getNotificationsCount = defineEndpoint(calls.getNotificationsCount, {
  handler: async ({ req, user, reply }) =>
    reply({ unread: await countUnread({ payload: req.payload, req, user }) }),
})

/**
 * POST /read-notifications {ids | all} → {marked, unread}: marks the caller's own unread
 * notifications read. The condition names the caller as recipient, so another's id marks
 * nothing; the collection refuses updates on every door, so this server write is the only one.
 */
export const readNotifications = defineEndpoint(calls.readNotifications, {
  handler: async ({ req, user, body, reply }) => {
    const ids = body.all ? null : (body.ids ?? [])
    let marked = 0
    if (ids === null || ids.length) {
      const { docs } = await req.payload.update({
        collection: 'notifications',
        where: { and: [unreadOf(user), ...(ids ? [{ id: { in: ids } }] : [])] },
        data: { readAt: new Date().toISOString() },
        depth: 0,
        overrideAccess: true,
        req,
      })
      marked = docs.length
    }
    return reply({ marked, unread: await countUnread({ payload: req.payload, req, user }) })
  },
})

export const notificationEndpoints = [getNotifications, getNotificationsCount, readNotifications]
