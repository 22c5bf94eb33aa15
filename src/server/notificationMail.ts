import 'server-only'

import type { PayloadRequest } from 'payload'

import { type Locale, localizedPath } from '@/i18n/routing'
import { type EmailChoice, type UnsubscribeScope, emailSettingsOf } from '@/lib/notificationMail'
import type { NotificationKind } from '@/lib/notifications'
import type { Notification, User } from '@payload-types'

import { serverUrl, siteName } from './env'
import { queueEmail } from './mailQueue'
import { type NotificationWords, quotedSnippet, wordNotifications } from './notificationWords'
import { serverMessage } from './serverMessages'
import { unsubscribeToken } from './unsubscribeToken'

/** The site's call a mail client posts to (RFC 8058), and the page the mail's link opens. */
export const UNSUBSCRIBE_CALL = '/api/unsubscribe-notifications'
export const UNSUBSCRIBE_PAGE = '/unsubscribe'

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

const say = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  serverMessage({ locale, key: `notification-mail.${key}`, values: { site: siteName, ...values } })

/** What a mail says of one notification: its sentence, the quoted snippet, and the link. */
const toldIn = (locale: Locale, words: NotificationWords) => [
  words.text,
  ...(words.snippet ? [quotedSnippet({ locale, snippet: words.snippet })] : []),
]

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
  const [words] = await wordNotifications({ payload: req.payload, req, locale }, [notification])
  const text = [
    ...toldIn(locale, words),
    '',
    say(locale, 'open', { url: link(locale, words.path) }),
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
      subject: say(locale, 'subject', { sentence: words.text }),
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
  const worded = await wordNotifications({ payload: req.payload, req, locale }, notifications)
  const items = worded.flatMap((words) => {
    const [sentence, ...quoted] = toldIn(locale, words)
    return [
      `• ${sentence}`,
      ...quoted.map((line) => `  ${line}`),
      `  ${link(locale, words.path)}`,
      '',
    ]
  })
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
