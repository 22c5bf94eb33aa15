import 'server-only'

import type { Payload } from 'payload'

import { RETENTION } from '@/lib/retention'

import {
  deleteOldAnalyticsDays,
  deleteOldSecurityEvents,
  oldContactMessages,
  oldHiddenOrHeldReviews,
} from './sql/retention'

/** How many of `ids` of `collection` Payload removed, with their hooks (and files) run. */
const deleteThrough = async (
  payload: Payload,
  collection: 'reviews' | 'contact-messages' | 'attachments',
  ids: number[],
) =>
  ids.length
    ? (
        await payload.delete({
          collection,
          where: { id: { in: ids } },
          depth: 0,
          overrideAccess: true,
        })
      ).docs.length
    : 0

/**
 * Removes what has outlived its period (src/lib/retention.ts) and no other clean-up removes: the
 * security log's old entries, contact messages handled long ago with their files, reviews hidden
 * or held long ago (through Payload, so the resource's figures and pages follow), and the
 * analytics' old daily counts. The hourly `forgetOldRecords` clean-up runs it.
 */
export const forgetOldRecords = async (payload: Payload) => {
  const messages = await oldContactMessages(payload, RETENTION.contactMessages)
  const contactMessages = await deleteThrough(
    payload,
    'contact-messages',
    messages.map((message) => message.id),
  )
  const files = await deleteThrough(
    payload,
    'attachments',
    messages.flatMap((message) => message.attachments),
  )
  const reviews = await deleteThrough(
    payload,
    'reviews',
    await oldHiddenOrHeldReviews(payload, {
      hiddenDays: RETENTION.hiddenReviews,
      heldDays: RETENTION.heldReviews,
    }),
  )
  return {
    securityEvents: await deleteOldSecurityEvents(payload, RETENTION.securityLog),
    contactMessages,
    files,
    reviews,
    analyticsDays: await deleteOldAnalyticsDays(payload, RETENTION.analyticsDays),
  }
}
