import { z } from 'zod'

import type { NotificationPage } from '@/data/views/notifications'
import { MAX_RECORD_ID } from '@/lib/limits'
import { NOTIFICATIONS_PAGE_SIZE } from '@/lib/notifications'

import { answer, declareCall } from './call'
import { recordId, wholeNumber } from './fields'

/** At most this many ids are marked read by one call. */
export const READ_IDS_MAX = 100

export const getNotifications = declareCall({
  path: '/get-notifications',
  method: 'get',
  auth: 'signedIn',
  summary: `The caller's notifications, newest first, ${NOTIFICATIONS_PAGE_SIZE} a page (\`limit\` up to 50), each worded in the request's language (one sentence: what happened, to which resource, article or ticket, by whom; a snippet of the review, reply, comment or message; its link, to the review or comment itself where it has one; when; read or not), with the unread count`,
  answer: answer<NotificationPage>(
    '{notifications: [{id, kind, text, actor, subject, snippet, path, created_at, read}], page, total_pages, total, unread}',
  ),
  query: z.object({
    page: wholeNumber('value-invalid')
      .pipe(z.number().min(1, 'value-invalid').max(MAX_RECORD_ID, 'value-invalid'))
      .default(1),
    limit: wholeNumber('value-invalid')
      .pipe(z.number().min(1, 'value-invalid').max(50, 'value-invalid'))
      .default(NOTIFICATIONS_PAGE_SIZE),
  }),
})

export const getNotificationsCount = declareCall({
  path: '/get-notifications-count',
  method: 'get',
  auth: 'signedIn',
  summary: "How many of the caller's notifications are unread",
  answer: answer<{ unread: number }>('{unread}'),
})

export const readNotifications = declareCall({
  path: '/read-notifications',
  method: 'post',
  auth: 'signedIn',
  summary: `Mark the caller's notifications read: \`ids\` (up to ${READ_IDS_MAX}), or \`all: true\`; others' ids are ignored`,
  answer: answer<{ marked: number; unread: number }>('{marked, unread}'),
  body: z
    .object({
      ids: z.array(recordId, { message: 'value-invalid' }).max(READ_IDS_MAX, 'too-long').optional(),
      all: z.literal(true, { message: 'value-invalid' }).optional(),
    })
    .refine((body) => Boolean(body.all) !== Boolean(body.ids), {
      message: 'required',
      path: ['ids'],
    }),
})
