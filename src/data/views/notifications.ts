import 'server-only'

import type { Payload, PayloadRequest, Where } from 'payload'

import type { Locale } from '@/i18n/routing'
import { articlePath } from '@/lib/content'
import type { NotificationKind } from '@/lib/notifications'
import { NOTIFICATIONS_PAGE_SIZE } from '@/lib/notifications'
import { relationId } from '@/lib/relations'
import { ticketPath } from '@/lib/support'
import { serverMessage } from '@/server/serverMessages'
import type { Notification, User } from '@payload-types'

import { resourcePath } from './resources'

/** A notification as the site shows it: already worded in the reader's language. */
export type NotificationView = {
  id: number
  kind: NotificationKind
  /** The sentence: who did what, about what. */
  text: string
  /** Who caused it (null when the site did, or the account is gone). */
  actor: { id: number; display_name: string } | null
  /** What it is about: the resource's, article's or ticket's title, a chat message's excerpt. */
  subject: string | null
  /** Where it leads, without the language prefix. */
  path: string
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

const idsOf = (rows: Notification[], field: keyof Notification) => [
  ...new Set(rows.map((row) => relationId(row[field])).filter((id): id is number => id !== null)),
]

/** The middle part of `<kind>:<event>:<recipient>`. */
const eventOf = (row: Notification) => row.eventKey.split(':')[1] ?? ''

const EXCERPT_MAX = 80
const excerpt = (text: string) =>
  text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : text

/** Reads `ids` of a collection as a map by id, past access (the rows are the reader's own). */
const byId = async <T extends { id: number }>(
  { payload, req, locale }: Reader,
  collection: 'users' | 'resources' | 'comments' | 'tickets' | 'chat-messages',
  ids: number[],
  select: Record<string, true>,
  depth = 0,
): Promise<Map<number, T>> => {
  if (!ids.length) return new Map()
  const { docs } = await payload.find({
    collection,
    where: { id: { in: ids } },
    select,
    depth,
    limit: ids.length,
    pagination: false,
    overrideAccess: true,
    locale,
    req,
  })
  return new Map((docs as unknown as T[]).map((doc) => [doc.id, doc]))
}

/** The notifications' views, worded in `locale`, with what each is about looked up at once. */
export const notificationViews = async (
  reader: Reader,
  rows: Notification[],
): Promise<NotificationView[]> => {
  const { payload, req, locale } = reader
  type Person = { id: number; displayName: string }
  type Place = { id: number; title?: string | null; type: 'marketplace'; slug: string }
  type Article = { slug: string; title?: string | null }
  type CommentRow = { id: number; news?: Article | number | null; post?: Article | number | null }
  const statusChangeIds = rows
    .filter((row) => row.kind === 'favorite-status')
    .map((row) => Number(eventOf(row)))
    .filter(Number.isInteger)
  const [people, places, comments, tickets, messages, changes] = await Promise.all([
    byId<Person>(reader, 'users', idsOf(rows, 'actor'), { displayName: true }),
    byId<Place>(reader, 'resources', idsOf(rows, 'resource'), {
      title: true,
      type: true,
      slug: true,
    }),
    byId<CommentRow>(reader, 'comments', idsOf(rows, 'comment'), { news: true, post: true }, 1),
    byId<{ id: number; subject: string }>(reader, 'tickets', idsOf(rows, 'ticket'), {
      subject: true,
    }),
    byId<{ id: number; text: string }>(reader, 'chat-messages', idsOf(rows, 'chatMessage'), {
      text: true,
    }),
    statusChangeIds.length
      ? payload
          .find({
            collection: 'resource-status-changes',
            where: { id: { in: statusChangeIds } },
            select: { to: true },
            depth: 0,
            limit: statusChangeIds.length,
            pagination: false,
            overrideAccess: true,
            req,
          })
          .then(({ docs }) => new Map(docs.map((doc) => [doc.id, doc.to])))
      : new Map<number, string>(),
  ])
  const say = (key: string, values: Record<string, string | number> = {}) =>
    serverMessage({ locale, key: `notifications.${key}`, values })

  return rows.map((row) => {
    const actorId = relationId(row.actor)
    const person = actorId === null ? undefined : people.get(actorId)
    const actor = person ? { id: person.id, display_name: person.displayName } : null
    const who = actor?.display_name ?? say('someone')
    const place = places.get(relationId(row.resource) ?? -1)
    const resourceTitle = place?.title ?? say('gone')
    const placePath = place ? resourcePath(place) : '/'
    const reviewId = relationId(row.review)
    let subject: string | null = place ? resourceTitle : null
    let path = placePath
    let text: string
    switch (row.kind) {
      case 'new-review':
      case 'review-reply':
      case 'favorite-reply':
        path = place && reviewId ? `${placePath}#review-${reviewId}` : placePath
        text = say(`text-${row.kind}`, { actor: who, resource: resourceTitle })
        break
      case 'favorite-status': {
        const to = changes.get(Number(eventOf(row))) ?? 'none'
        text = say('text-favorite-status', {
          resource: resourceTitle,
          status: serverMessage({ locale, key: `status.label-${to}` }),
        })
        break
      }
      case 'verification-decided': {
        const decision = eventOf(row).split('.')[1] ?? 'approved'
        text = say(`text-verification-${decision}`, { resource: resourceTitle })
        path = '/resource-check'
        break
      }
      case 'comment-reply': {
        const comment = comments.get(relationId(row.comment) ?? -1)
        const news = typeof comment?.news === 'object' ? comment.news : null
        const post = typeof comment?.post === 'object' ? comment.post : null
        const article = news ?? post
        subject = article?.title ?? null
        path = article ? `${articlePath(news ? 'news' : 'posts', article.slug)}#comments` : '/'
        text = say('text-comment-reply', { actor: who, article: subject ?? say('gone') })
        break
      }
      case 'ticket-answered': {
        const ticket = tickets.get(relationId(row.ticket) ?? -1)
        subject = ticket?.subject ?? null
        path = ticket ? ticketPath(ticket.id) : '/tickets'
        text = say('text-ticket-answered', { ticket: subject ?? say('gone') })
        break
      }
      case 'chat-mention': {
        const message = messages.get(relationId(row.chatMessage) ?? -1)
        subject = message ? excerpt(message.text) : null
        path = '/chat'
        text = say('text-chat-mention', { actor: who })
        break
      }
    }
    return {
      id: row.id,
      kind: row.kind,
      text,
      actor,
      subject,
      path,
      created_at: row.createdAt,
      read: Boolean(row.readAt),
    }
  })
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
