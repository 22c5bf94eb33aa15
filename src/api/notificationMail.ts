import { z } from 'zod'

import { EMAIL_CHOICES, type EmailSettings, type UnsubscribeScope } from '@/lib/notificationMail'
import { NOTIFICATION_KINDS, type NotificationKind } from '@/lib/notifications'

import { answer, declareCall } from './call'

const choice = z.enum(EMAIL_CHOICES, { message: 'notification-choice-invalid' }).optional()

export const getNotificationSettings = declareCall({
  path: '/get-notification-settings',
  method: 'get',
  auth: 'signedIn',
  summary: "The caller's notification mails: per kind, immediate, digest (daily) or never",
  answer: answer<{ settings: EmailSettings }>('{settings: {<kind>: immediate|digest|never}}'),
})

export const updateNotificationSettings = declareCall({
  path: '/update-notification-settings',
  method: 'post',
  auth: 'signedIn',
  summary: "Change the caller's notification mails: any kinds, each immediate, digest or never",
  answer: answer<{ settings: EmailSettings }>('{settings}'),
  body: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, choice])) as Record<
      NotificationKind,
      typeof choice
    >,
  ),
})

export const unsubscribeNotifications = declareCall({
  path: '/unsubscribe-notifications',
  method: 'post',
  auth: 'anyone',
  summary:
    "One-click unsubscribe (RFC 8058) from a notification mail's signed link: that kind (or all) becomes never, no sign-in",
  answer: answer<{ stopped: UnsubscribeScope }>('{stopped: <kind>|all}'),
  // The token in the address (a mail client's one-click POST, whose body is
  // `List-Unsubscribe=One-Click`), or in the body (the unsubscribe page's button).
  query: z.object({ token: z.string().optional() }),
  body: z.object({ token: z.string().optional(), 'List-Unsubscribe': z.string().optional() }),
})
