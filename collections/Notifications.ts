import type { CollectionConfig } from 'payload'

import { NOTIFICATION_MAIL_STATES } from '@/lib/notificationMail'
import { NOTIFICATION_KINDS, NOTIFICATION_SNIPPET_MAX } from '@/lib/notifications'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { nobody, writtenByServerOnly } from '@access/nobody'
import { canReadNotifications } from '@access/notifications'
import { decideNotificationMail, mailNotification } from '@hooks/notifications/mailNotification'

import { labelledOptions, siteTerm } from './labels'

export const NOTIFICATION_KIND_LABELS = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, siteTerm(`notifications.kind-${kind}`)]),
) as Record<(typeof NOTIFICATION_KINDS)[number], { ru: string; en: string }>

/**
 * What happened that a user is told about: one row per event and recipient, written only by the
 * server (the hooks of the collections where the events happen), in the event's own transaction.
 * A recipient reads their own rows; admins read all; no door creates, edits or removes one.
 */
export const Notifications: CollectionConfig = {
  slug: 'notifications',
  access: writtenByServerOnly(canReadNotifications),
  admin: {
    useAsTitle: 'kind',
    defaultColumns: ['recipient', 'kind', 'actor', 'readAt', 'createdAt'],
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: siteTerm('notifications.entity'),
    plural: siteTerm('notifications.plural'),
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  hooks: { beforeChange: [decideNotificationMail], afterChange: [mailNotification] },
  fields: [
    {
      name: 'recipient',
      type: 'relationship',
      label: siteTerm('notifications.col-recipient'),
      relationTo: 'users',
      required: true,
      index: true,
    },
    {
      name: 'kind',
      type: 'select',
      label: siteTerm('notifications.col-kind'),
      required: true,
      options: labelledOptions(NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS),
    },
    {
      // Who caused it; empty when the site did (a status change by the moderators is the site's).
      name: 'actor',
      type: 'relationship',
      label: siteTerm('notifications.col-actor'),
      relationTo: 'users',
    },
    // What it is about: the rows the notification links to (each optional, by kind).
    {
      name: 'resource',
      type: 'relationship',
      label: siteTerm('notifications.col-resource'),
      relationTo: 'resources',
    },
    {
      name: 'review',
      type: 'relationship',
      label: siteTerm('notifications.col-review'),
      relationTo: 'reviews',
    },
    {
      name: 'comment',
      type: 'relationship',
      label: siteTerm('notifications.col-comment'),
      relationTo: 'comments',
    },
    {
      name: 'ticket',
      type: 'relationship',
      label: siteTerm('notifications.col-ticket'),
      relationTo: 'tickets',
    },
    {
      name: 'verification',
      type: 'relationship',
      label: siteTerm('notifications.col-verification'),
      relationTo: 'verification-requests',
    },
    {
      name: 'chatMessage',
      type: 'relationship',
      label: siteTerm('notifications.col-chatMessage'),
      relationTo: 'chat-messages',
    },
    {
      // The event's own words (a review's, a reply's, a comment's, a chat message's, support's
      // answer, a moderator's reason), cut short as it happened (`snippetOf`): what the list and
      // the mail quote. Rows made before it was kept have none.
      name: 'snippet',
      type: 'text',
      label: siteTerm('notifications.col-snippet'),
      maxLength: NOTIFICATION_SNIPPET_MAX,
      admin: { readOnly: true },
    },
    {
      // `<kind>:<event's row>:<recipient>`: one notification per event and person, however many
      // times the event's hook runs (a retried transaction, a second save).
      name: 'eventKey',
      type: 'text',
      required: true,
      unique: true,
      admin: { hidden: true },
    },
    {
      name: 'readAt',
      type: 'date',
      label: siteTerm('notifications.col-read'),
      index: true,
    },
    {
      // Its mail (hooks/notifications/mailNotification.ts): none (the recipient's choice is
      // "never", or they are blocked, or they read it before the digest), waiting for the daily
      // digest, or sent. Only the server writes it; no door does.
      name: 'mail',
      type: 'select',
      label: siteTerm('notification-mail.col-mail'),
      options: labelledOptions(NOTIFICATION_MAIL_STATES, {
        none: siteTerm('notification-mail.state-none'),
        digest: siteTerm('notification-mail.state-digest'),
        sent: siteTerm('notification-mail.state-sent'),
      }),
      index: true,
      access: { create: nobody, update: nobody },
      admin: { readOnly: true },
    },
    {
      name: 'mailedAt',
      type: 'date',
      label: siteTerm('notification-mail.col-mailed-at'),
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
  ],
}
