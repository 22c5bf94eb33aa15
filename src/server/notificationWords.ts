import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/routing'
import { type ArticleCollection, articlePath } from '@/lib/content'
import type { NotificationKind } from '@/lib/notifications'
import { commentLink, reviewPermalink } from '@/lib/permalinks'
import { isShownStatus } from '@/lib/publicStatus'
import { relationId } from '@/lib/relations'
import { type ResourceType, prefixOf } from '@/lib/resourceTypes'
import { ticketPath } from '@/lib/support'
import type { Notification } from '@payload-types'

import { serverMessage } from './serverMessages'

/** What a sentence names: the titles it quotes and the decision or status it reports. */
export type SentenceFacts = {
  resource?: string
  article?: { collection: ArticleCollection; title: string }
  ticket?: string
  /** The ticket's number, which its mails' subjects carry (support's replies are filed by it). */
  ticketNumber?: number
  decision?: 'approved' | 'rejected' | 'revoked'
  /** The resource's public status after the change (`none`: its mark was removed). */
  status?: string
}

/** The kinds whose sentence names who did it, when the row still knows them. */
const BY_SOMEONE: readonly NotificationKind[] = [
  'new-review',
  'review-reply',
  'favorite-reply',
  'comment-reply',
  'chat-mention',
]

/**
 * One pattern for every kind, in both languages: what happened and to what, a title always after
 * the noun that names it («о ресурсе «…»», never «о «…»»), so neither language declines a name;
 * then who did it after a dash (ru) or "by" (en), so no verb guesses their gender. The site, the
 * API and the mails all word a notification through here.
 */
export const notificationSentence = ({
  locale,
  kind,
  actor,
  facts,
}: {
  locale: Locale
  kind: NotificationKind
  actor: string | null
  facts: SentenceFacts
}): string => {
  const say = (key: string, values: Record<string, string> = {}) =>
    serverMessage({ locale, key: `notifications.${key}`, values })
  const gone = say('gone')
  const resource = facts.resource || gone
  let sentence: string
  switch (kind) {
    case 'new-review':
    case 'review-reply':
    case 'favorite-reply':
      sentence = say(`text-${kind}`, { resource })
      break
    case 'comment-reply':
      sentence = say('text-comment-reply', {
        collection: facts.article?.collection ?? 'posts',
        article: facts.article?.title || gone,
      })
      break
    case 'ticket-answered':
      sentence = say('text-ticket-answered', {
        ticket: facts.ticket || gone,
        number: facts.ticketNumber === undefined ? '—' : String(facts.ticketNumber),
      })
      break
    case 'verification-decided':
      sentence = say(`text-verification-${facts.decision ?? 'approved'}`, { resource })
      break
    case 'favorite-status':
      sentence = isShownStatus(facts.status)
        ? say('text-favorite-status', {
            resource,
            status: serverMessage({ locale, key: `status.label-${facts.status}` }),
          })
        : say('text-favorite-status-none', { resource })
      break
    case 'chat-mention':
      sentence = say('text-chat-mention')
      break
  }
  return actor && BY_SOMEONE.includes(kind) ? say('with-actor', { sentence, actor }) : sentence
}

/** A snippet as the reader's language quotes it. */
export const quotedSnippet = ({ locale, snippet }: { locale: Locale; snippet: string }) =>
  serverMessage({ locale, key: 'notifications.snippet', values: { snippet } })

/** A notification worded for its reader: the sentence, what it quotes, and where it leads. */
export type NotificationWords = {
  /** Who did it (null when the site did, or the account is gone). */
  actor: { id: number; display_name: string } | null
  /** The sentence: what happened, to what, by whom. */
  text: string
  /** The resource's, article's or ticket's title it names. */
  subject: string | null
  /**
   * The event's own words as the row keeps them, while they are still public (older rows have
   * none).
   */
  snippet: string | null
  /** Where it leads, without the language prefix: the review or comment itself where it has one. */
  path: string
}

type Reader = { payload: Payload; req?: PayloadRequest; locale: Locale }

type Person = { id: number; displayName?: string | null }
type Place = { id: number; title?: string | null; type: ResourceType; slug?: string | null }
type Article = { title?: string | null; slug?: string | null }
type CommentRow = {
  id: number
  status?: string | null
  news?: Article | number | null
  post?: Article | number | null
}
type ReviewRow = { id: number; status?: string | null; reply?: { text?: string | null } | null }

const idsOf = (rows: Notification[], field: keyof Notification) => [
  ...new Set(rows.map((row) => relationId(row[field])).filter((id): id is number => id !== null)),
]

/** The middle part of `<kind>:<event>:<recipient>`. */
const eventOf = (row: Notification) => row.eventKey.split(':')[1] ?? ''

/** Reads `ids` of a collection as a map by id, past access (the rows are the reader's own). */
const byId = async <T extends { id: number }>(
  { payload, req, locale }: Reader,
  collection:
    | 'users'
    | 'resources'
    | 'reviews'
    | 'comments'
    | 'tickets'
    | 'chat-messages'
    | 'resource-status-changes',
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

const DECISIONS = ['approved', 'rejected', 'revoked'] as const
const decisionOf = (row: Notification) => {
  const decided = eventOf(row).split('.')[1]
  return DECISIONS.find((decision) => decision === decided) ?? 'approved'
}

/**
 * The notifications worded in `locale`, in their order, with what each names looked up at once
 * (one read per collection, whatever the number of rows).
 */
export const wordNotifications = async (
  reader: Reader,
  rows: Notification[],
): Promise<NotificationWords[]> => {
  const { locale } = reader
  const statusChangeIds = rows
    .filter((row) => row.kind === 'favorite-status')
    .map((row) => Number(eventOf(row)))
    .filter(Number.isInteger)
  const [people, places, reviews, comments, messages, tickets, changes] = await Promise.all([
    byId<Person>(reader, 'users', idsOf(rows, 'actor'), { displayName: true }),
    byId<Place>(reader, 'resources', idsOf(rows, 'resource'), {
      title: true,
      type: true,
      slug: true,
    }),
    byId<ReviewRow>(reader, 'reviews', idsOf(rows, 'review'), { status: true, reply: true }),
    byId<CommentRow>(
      reader,
      'comments',
      idsOf(rows, 'comment'),
      { status: true, news: true, post: true },
      1,
    ),
    byId<{ id: number; removed?: boolean | null }>(
      reader,
      'chat-messages',
      idsOf(rows, 'chatMessage'),
      { removed: true },
    ),
    byId<{ id: number; subject: string }>(reader, 'tickets', idsOf(rows, 'ticket'), {
      subject: true,
    }),
    byId<{ id: number; to: string }>(reader, 'resource-status-changes', statusChangeIds, {
      to: true,
    }),
  ])

  return rows.map((row) => {
    const kind = row.kind as NotificationKind
    const person = people.get(relationId(row.actor) ?? -1)
    const actor = person?.displayName ? { id: person.id, display_name: person.displayName } : null
    const place = places.get(relationId(row.resource) ?? -1)
    const placePath = place?.slug ? `/resources/${prefixOf(place.type)}/${place.slug}` : '/'
    const reviewId = relationId(row.review)
    const facts: SentenceFacts = { resource: place?.title ?? undefined }
    let subject: string | null = place?.title ?? null
    let path = placePath
    // The snippet quotes words that may have been taken down since (deleted, hidden, removed):
    // it is shown only while they are still there for everyone.
    let quotable = true
    const review = reviews.get(reviewId ?? -1)
    switch (kind) {
      case 'new-review':
      case 'review-reply':
      case 'favorite-reply':
        // A review the public no longer sees has no page of its own: its resource's.
        path = review?.status === 'published' ? reviewPermalink(review.id) : placePath
        quotable =
          review?.status === 'published' && (kind === 'new-review' || Boolean(review.reply?.text))
        break
      case 'comment-reply': {
        const commentId = relationId(row.comment)
        const comment = comments.get(commentId ?? -1)
        const news = typeof comment?.news === 'object' ? comment.news : null
        const post = typeof comment?.post === 'object' ? comment.post : null
        const collection: ArticleCollection = news ? 'news' : 'posts'
        const article = news ?? post
        subject = article?.title ?? null
        facts.article = { collection, title: article?.title ?? '' }
        quotable = comment?.status === 'published'
        path =
          article?.slug && commentId
            ? commentLink({ articlePath: articlePath(collection, article.slug), id: commentId })
            : '/'
        break
      }
      case 'ticket-answered': {
        const ticket = tickets.get(relationId(row.ticket) ?? -1)
        subject = ticket?.subject ?? null
        facts.ticket = ticket?.subject
        facts.ticketNumber = ticket?.id
        quotable = Boolean(ticket)
        path = ticket ? ticketPath(ticket.id) : '/tickets'
        break
      }
      case 'verification-decided':
        facts.decision = decisionOf(row)
        path = '/resource-check'
        break
      case 'favorite-status':
        facts.status = changes.get(Number(eventOf(row)))?.to ?? 'none'
        break
      case 'chat-mention': {
        const message = messages.get(relationId(row.chatMessage) ?? -1)
        subject = null
        path = '/chat'
        quotable = Boolean(message && !message.removed)
        break
      }
    }
    return {
      actor,
      text: notificationSentence({ locale, kind, actor: actor?.display_name ?? null, facts }),
      subject,
      snippet: (quotable && row.snippet) || null,
      path,
    }
  })
}
