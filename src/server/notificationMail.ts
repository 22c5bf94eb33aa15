import 'server-only'

import type { PayloadRequest } from 'payload'

import { type Locale, localizedPath } from '@/i18n/routing'
import { articlePath } from '@/lib/content'
import { type EmailChoice, type UnsubscribeScope, emailSettingsOf } from '@/lib/notificationMail'
import type { NotificationKind } from '@/lib/notifications'
import { isShownStatus } from '@/lib/publicStatus'
import { relationId } from '@/lib/relations'
import { prefixOf } from '@/lib/resourceTypes'
import { ticketPath } from '@/lib/support'
import type { Notification, User } from '@payload-types'

import { serverUrl, siteName } from './env'
import { queueEmail } from './mailQueue'
import { serverMessage } from './serverMessages'
import { unsubscribeToken } from './unsubscribeToken'

/** The site's call a mail client posts to (RFC 8058), and the page the mail's link opens. */
export const UNSUBSCRIBE_CALL = '/api/unsubscribe-notifications'
export const UNSUBSCRIBE_PAGE = '/unsubscribe'

type Related = number | { id: number } | null | undefined

/** A recipient as the mail needs them: address, language, block, and each kind's choice. */
export type MailRecipient = {
  id: number
  email: string
  locale: Locale
  blocked: boolean
  choiceOf: (kind: NotificationKind) => EmailChoice
}

export const readMailRecipient = async ({
  req,
  userId,
}: {
  req: PayloadRequest
  userId: number
}): Promise<MailRecipient | null> => {
  const user = (await req.payload.findByID({
    collection: 'users',
    id: userId,
    select: { email: true, locale: true, blocked: true, notificationEmail: true },
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req,
  })) as Pick<User, 'id' | 'email' | 'locale' | 'blocked' | 'notificationEmail'> | null
  if (!user) return null
  const settings = emailSettingsOf(user.notificationEmail)
  return {
    id: user.id,
    email: user.email ?? '',
    locale: user.locale === 'en' ? 'en' : 'ru',
    blocked: Boolean(user.blocked),
    choiceOf: (kind) => settings[kind],
  }
}

/** What a notification's mail says of it: a subject, a sentence, and where to see it. */
type Told = { subject: string; sentence: string; path: string }

const say = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  serverMessage({ locale, key: `notification-mail.${key}`, values: { site: siteName, ...values } })

const find = async <T>(
  req: PayloadRequest,
  collection:
    'users' | 'resources' | 'tickets' | 'verification-requests' | 'comments' | 'news' | 'posts',
  id: number | null,
  locale: Locale,
): Promise<T | null> =>
  id === null
    ? null
    : ((await req.payload.findByID({
        collection,
        id,
        depth: 0,
        locale,
        overrideAccess: true,
        disableErrors: true,
        req,
      })) as T | null)

type ResourceLike = {
  id: number
  title?: string | null
  type: Parameters<typeof prefixOf>[0]
  slug?: string | null
  publicStatus?: string | null
  publicStatusReason?: string | null
}

const resourcePathOf = (resource: ResourceLike | null) =>
  resource?.slug ? `/resources/${prefixOf(resource.type)}/${resource.slug}` : '/notifications'

/** What one notification tells its recipient, in their language. */
export const tellNotification = async ({
  req,
  notification,
  locale,
}: {
  req: PayloadRequest
  notification: Notification
  locale: Locale
}): Promise<Told> => {
  const kind = notification.kind as NotificationKind
  const actor = await find<{ displayName?: string | null }>(
    req,
    'users',
    relationId(notification.actor),
    locale,
  )
  const who = actor?.displayName || say(locale, 'someone')
  const review = relationId(notification.review)
    ? ((await req.payload.findByID({
        collection: 'reviews',
        id: relationId(notification.review)!,
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
        req,
      })) as { resource: Related } | null)
    : null
  const verification = await find<{ resource: Related; status: string; answer?: string | null }>(
    req,
    'verification-requests',
    relationId(notification.verification),
    locale,
  )
  const resource = await find<ResourceLike>(
    req,
    'resources',
    relationId(notification.resource) ??
      relationId(review?.resource) ??
      relationId(verification?.resource),
    locale,
  )
  const title = resource?.title ?? ''
  const told = (key: string, values: Record<string, string | number>, path: string): Told => ({
    subject: say(locale, `subject-${key}`, values),
    sentence: say(locale, `body-${key}`, values),
    path,
  })
  switch (kind) {
    case 'new-review':
    case 'review-reply':
    case 'favorite-reply':
      return told(kind, { who, title }, resourcePathOf(resource))
    case 'comment-reply': {
      const comment = await find<{ news?: Related; post?: Related }>(
        req,
        'comments',
        relationId(notification.comment),
        locale,
      )
      const collection = relationId(comment?.news) ? 'news' : 'posts'
      const article = await find<{ title?: string | null; slug?: string | null }>(
        req,
        collection,
        relationId(collection === 'news' ? comment?.news : comment?.post),
        locale,
      )
      return told(
        kind,
        { who, title: article?.title ?? '' },
        article?.slug ? articlePath(collection, article.slug) : '/notifications',
      )
    }
    case 'ticket-answered': {
      const ticket = await find<{ id: number; subject: string }>(
        req,
        'tickets',
        relationId(notification.ticket),
        locale,
      )
      return told(
        kind,
        { id: ticket?.id ?? '', subject: ticket?.subject ?? '' },
        ticket ? ticketPath(ticket.id) : '/tickets',
      )
    }
    case 'verification-decided': {
      const decided = ['approved', 'rejected', 'revoked'].includes(verification?.status ?? '')
        ? verification!.status
        : 'other'
      // An approval's answer is the moderator's optional note; a refusal's is in its body.
      const status = decided === 'approved' && verification?.answer ? 'approved-note' : decided
      return told(
        `verification-${status}`,
        { title, answer: verification?.answer || '—' },
        '/resource-check',
      )
    }
    case 'favorite-status': {
      const status = resource?.publicStatus
      const values = {
        title,
        label: isShownStatus(status)
          ? serverMessage({ locale, key: `status.label-${status}` })
          : '',
        reason: resource?.publicStatusReason || '—',
      }
      return told(
        isShownStatus(status) ? 'favorite-status' : 'favorite-status-none',
        values,
        resourcePathOf(resource),
      )
    }
    case 'chat-mention':
      return told(kind, { who }, '/chat')
  }
}

const link = (locale: Locale, path: string) => `${serverUrl()}${localizedPath(locale, path)}`

/**
 * RFC 2369 and RFC 8058: the mail client's own "Unsubscribe" posts `List-Unsubscribe=One-Click`
 * to the signed address, which turns that mail off without signing in.
 */
export const unsubscribeHeaders = ({
  userId,
  scope,
}: {
  userId: number
  scope: UnsubscribeScope
}) => ({
  'List-Unsubscribe': `<${serverUrl()}${UNSUBSCRIBE_CALL}?token=${unsubscribeToken({ userId, scope })}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})

/** The link in the mail's body: a page that says what will stop and asks for a click. */
const unsubscribeLink = ({
  locale,
  userId,
  scope,
}: {
  locale: Locale
  userId: number
  scope: UnsubscribeScope
}) =>
  `${link(locale, UNSUBSCRIBE_PAGE)}?token=${encodeURIComponent(unsubscribeToken({ userId, scope }))}`

const footer = ({
  locale,
  userId,
  scope,
  why,
}: {
  locale: Locale
  userId: number
  scope: UnsubscribeScope
  why: string
}) => [
  '—',
  why,
  say(locale, 'footer-settings', { url: link(locale, '/my-settings') }),
  say(locale, scope === 'all' ? 'footer-unsubscribe-all' : 'footer-unsubscribe', {
    url: unsubscribeLink({ locale, userId, scope }),
  }),
]

const kindName = (locale: Locale, kind: NotificationKind) =>
  serverMessage({ locale, key: `notification-settings.kind-${kind}` })

/** Queues the mail of one notification, at once, in the recipient's language and transaction. */
export const queueNotificationMail = async ({
  req,
  notification,
  recipient,
}: {
  req: PayloadRequest
  notification: Notification
  recipient: MailRecipient
}) => {
  const { locale } = recipient
  const kind = notification.kind as NotificationKind
  const told = await tellNotification({ req, notification, locale })
  const text = [
    told.sentence,
    '',
    say(locale, 'open', { url: link(locale, told.path) }),
    say(locale, 'all-notifications', { url: link(locale, '/notifications') }),
    '',
    ...footer({
      locale,
      userId: recipient.id,
      scope: kind,
      why: say(locale, 'footer-why', { kind: kindName(locale, kind) }),
    }),
  ].join('\n')
  await queueEmail({
    req,
    message: {
      to: recipient.email,
      subject: told.subject,
      text,
      headers: unsubscribeHeaders({ userId: recipient.id, scope: kind }),
    },
  })
}

/** Queues one recipient's daily digest of `notifications`, oldest first, in their language. */
export const queueDigestMail = async ({
  req,
  notifications,
  recipient,
}: {
  req: PayloadRequest
  notifications: Notification[]
  recipient: MailRecipient
}) => {
  const { locale } = recipient
  const items: string[] = []
  for (const notification of notifications) {
    const told = await tellNotification({ req, notification, locale })
    items.push(`• ${told.sentence}`, `  ${link(locale, told.path)}`, '')
  }
  const text = [
    say(locale, 'digest-intro', { count: notifications.length }),
    '',
    ...items,
    say(locale, 'all-notifications', { url: link(locale, '/notifications') }),
    '',
    ...footer({
      locale,
      userId: recipient.id,
      scope: 'all',
      why: say(locale, 'footer-why-digest'),
    }),
  ].join('\n')
  await queueEmail({
    req,
    message: {
      to: recipient.email,
      subject: say(locale, 'digest-subject', { count: notifications.length }),
      text,
      headers: unsubscribeHeaders({ userId: recipient.id, scope: 'all' }),
    },
  })
}
