import 'server-only'

import type { Payload, PayloadRequest, Where } from 'payload'

import type { Locale } from '@/i18n/routing'
import type { NotificationKind } from '@/lib/notifications'
import { NOTIFICATIONS_PAGE_SIZE } from '@/lib/notifications'
import { type NotificationWords, wordNotifications } from '@/server/notificationWords'
import type { Notification, User } from '@payload-types'

/** A notification as the site shows it: already worded in the reader's language. */
export type NotificationView = NotificationWords & {
  id: number
  kind: NotificationKind
  created_at: string
  read: boolean
}

export type NotificationPage = {
  notifications: NotificationView[]
  page: number
  total_pages: number
  total: number
  unread: number
}

type Reader = { payload: Payload; req?: PayloadRequest; user: User; locale: Locale }

/** The notifications' views, worded in `locale` (src/server/notificationWords.ts). */
export const notificationViews = async (
  reader: Reader,
  rows: Notification[],
): Promise<NotificationView[]> => {
  const words = await wordNotifications(reader, rows)
  return rows.map((row, i) => ({
    id: row.id,
    kind: row.kind,
    ...words[i],
    created_at: row.createdAt,
    read: Boolean(row.readAt),
  }))
}

const own = (user: User): Where => ({ recipient: { equals: user.id } })
export const unreadOf = (user: User): Where => ({
  and: [own(user), { readAt: { exists: false } }],
})

/** How many of the user's notifications are unread (their access: only their own rows). */
export const countUnread = async ({ payload, req, user }: Omit<Reader, 'locale'>) =>
  (
    await payload.count({
      collection: 'notifications',
      where: unreadOf(user),
      user,
      overrideAccess: false,
      req,
    })
  ).totalDocs

/** One page of the user's notifications, newest first, worded in `locale`. */
export const listNotifications = async (
  reader: Reader & { page: number; limit?: number },
): Promise<NotificationPage> => {
  const { payload, req, user, page, limit = NOTIFICATIONS_PAGE_SIZE } = reader
  const [found, unread] = await Promise.all([
    payload.find({
      collection: 'notifications',
      where: own(user),
      sort: ['-createdAt', '-id'],
      page,
      limit,
      depth: 0,
      user,
      overrideAccess: false,
      req,
    }),
    countUnread(reader),
  ])
  return {
    notifications: await notificationViews(reader, found.docs),
    page,
    total_pages: found.totalPages,
    total: found.totalDocs,
    unread,
  }
}
