import { NOTIFICATION_KINDS, type NotificationKind } from './notifications'

/**
 * How a user is mailed about each kind of notification (issue 32): at once, in the daily digest,
 * or never. The in-site notification is made either way.
 */
export const EMAIL_CHOICES = ['immediate', 'digest', 'never'] as const

export type EmailChoice = (typeof EMAIL_CHOICES)[number]

export const isEmailChoice = (value: unknown): value is EmailChoice =>
  (EMAIL_CHOICES as readonly unknown[]).includes(value)

/**
 * What a user gets before choosing: what answers them or concerns their own tickets, resources
 * and requests at once, and a favourite's status at once too (people's money may be at stake);
 * what others say about their favourites and the chat's mentions in the daily digest.
 */
export const DEFAULT_EMAIL_CHOICES: Record<NotificationKind, EmailChoice> = {
  'new-review': 'immediate',
  'review-reply': 'immediate',
  'comment-reply': 'immediate',
  'ticket-answered': 'immediate',
  'verification-decided': 'immediate',
  'favorite-status': 'immediate',
  'favorite-reply': 'digest',
  'chat-mention': 'digest',
}

/** Each kind's field in the account's `notificationEmail` group (field names take no hyphen). */
export const EMAIL_SETTING_FIELDS = {
  'new-review': 'newReview',
  'review-reply': 'reviewReply',
  'comment-reply': 'commentReply',
  'ticket-answered': 'ticketAnswered',
  'verification-decided': 'verificationDecided',
  'favorite-status': 'favoriteStatus',
  'favorite-reply': 'favoriteReply',
  'chat-mention': 'chatMention',
} as const satisfies Record<NotificationKind, string>

export type EmailSettingField = (typeof EMAIL_SETTING_FIELDS)[NotificationKind]

export type EmailSettings = Record<NotificationKind, EmailChoice>

/** The account's stored group as every kind's choice, the default where none is stored. */
export const emailSettingsOf = (
  stored: Partial<Record<EmailSettingField, string | null>> | null | undefined,
): EmailSettings =>
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const value = stored?.[EMAIL_SETTING_FIELDS[kind]]
      return [kind, isEmailChoice(value) ? value : DEFAULT_EMAIL_CHOICES[kind]]
    }),
  ) as EmailSettings

/** Every kind's choice as the account's group stores it. */
export const storedEmailSettings = (settings: EmailSettings) =>
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [EMAIL_SETTING_FIELDS[kind], settings[kind]]),
  ) as Record<EmailSettingField, EmailChoice>

/** What an unsubscribe link stops: one kind, or every notification mail. */
export type UnsubscribeScope = NotificationKind | 'all'

/** Where a notification's mail stands: not mailed, waiting for the digest, or mailed. */
export const NOTIFICATION_MAIL_STATES = ['none', 'digest', 'sent'] as const
