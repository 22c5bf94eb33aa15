import { z } from 'zod'

import type {
  HeldReviewPage,
  ModeratedResourcePage,
  ModeratedResourceView,
} from '@/data/views/moderation'
import type { ReportedReviewPage, ReportedReviewView } from '@/data/views/reportedReviews'
import type { ReviewView } from '@/data/views/reviews'
import { LIMITS } from '@/lib/limits'
import {
  ALL_BULK_ACTIONS,
  BULK_QUEUES,
  type BulkOutcome,
  HELD_REVIEW_DECISIONS,
  MODERATION_BULK_MAX,
  MODERATION_PAGE_SIZE,
  MODERATION_UNDO_SECONDS,
  REPORT_TABS,
  RESOURCE_DECISIONS,
  RESOURCE_TABS,
  REVIEW_MODERATION_ACTIONS,
  type UndoOffer,
  type UndoOutcome,
  type WaitingCounts,
  isBulkAction,
} from '@/lib/moderation'
import { canModerate } from '@/lib/roles'

import { answer, declareCall } from './call'
import { pageFields, recordId } from './fields'

/** A moderator's reason: trimmed, its line breaks counted as a textarea counts them. */
const reasonField = z
  .string({ message: 'required' })
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().max(LIMITS.moderationReasonMax, 'too-long'))
  .optional()

export const moderationCounts = declareCall({
  path: '/moderation-counts',
  method: 'get',
  auth: canModerate,
  summary:
    'What waits for the moderators (admins): reported reviews, held reviews, tickets waiting for an answer, verification requests to decide, resources pending approval, new PGP keys waiting for an admin, unhandled contact messages',
  answer: answer<{ counts: WaitingCounts }>(
    '{counts: {reports, held, tickets, verification, resources, keys, contacts}}',
  ),
})

export const getReviewReports = declareCall({
  path: '/get-review-reports',
  method: 'post',
  auth: canModerate,
  summary: `The reports queue (admins): reported reviews with their reports grouped, \`tab\` open (longest waiting first) or handled, ${MODERATION_PAGE_SIZE} a page`,
  answer: answer<ReportedReviewPage>(
    '{reviews: [{review, author_blocked, reports}], page, total_pages, total}',
  ),
  body: z.object({
    page: pageFields.page,
    tab: z.enum(REPORT_TABS, { message: 'value-invalid' }).default('open'),
  }),
})

export const moderateReview = declareCall({
  path: '/moderate-review',
  method: 'post',
  auth: canModerate,
  summary:
    'Act on a reported review (admins): `hide` it with a `reason` its author reads, `dismiss` the open reports on it, or `block` its author on the site with a `reason` (`hide: true` hides the review too); the open reports become actioned or dismissed. A hide or a dismissal answers an `undo` (see /undo-moderation)',
  answer: answer<{ item: ReportedReviewView | null; undo: UndoOffer | null }>('{item, undo}'),
  body: z.object({
    review_id: recordId,
    action: z.enum(REVIEW_MODERATION_ACTIONS, { message: 'value-invalid' }),
    reason: reasonField,
    hide: z.boolean({ message: 'value-invalid' }).optional(),
  }),
})

export const getModerationResources = declareCall({
  path: '/get-moderation-resources',
  method: 'post',
  auth: canModerate,
  summary: `Resources waiting for approval (admins), oldest first, or \`tab: rejected\`, ${MODERATION_PAGE_SIZE} a page`,
  answer: answer<ModeratedResourcePage>('{resources, page, total_pages, total}'),
  body: z.object({
    page: pageFields.page,
    tab: z.enum(RESOURCE_TABS, { message: 'value-invalid' }).default('pending'),
  }),
})

export const decideResource = declareCall({
  path: '/decide-resource',
  method: 'post',
  auth: canModerate,
  summary:
    'Approve (publish) or reject a resource (admins); a rejection needs a `reason`, which its owner receives by email and reads on their resources; answers an `undo` (see /undo-moderation)',
  answer: answer<{ resource: ModeratedResourceView | null; undo: UndoOffer | null }>(
    '{resource, undo}',
  ),
  body: z.object({
    id: recordId,
    decision: z.enum(RESOURCE_DECISIONS, { message: 'value-invalid' }),
    reason: reasonField,
  }),
})

export const getHeldReviews = declareCall({
  path: '/get-held-reviews',
  method: 'post',
  auth: canModerate,
  summary: `Reviews the review guard held for moderation (a burst of reviews from new accounts on one resource), oldest first, ${MODERATION_PAGE_SIZE} a page (admins)`,
  answer: answer<HeldReviewPage>('{reviews, page, total_pages, total}'),
  body: z.object({ page: pageFields.page }),
})

export const decideHeldReview = declareCall({
  path: '/decide-held-review',
  method: 'post',
  auth: canModerate,
  summary:
    'Publish a held review, or hide it with a `reason` its author reads (admins); 404 for a review that is not held; answers an `undo` (see /undo-moderation)',
  answer: answer<{ review: ReviewView; undo: UndoOffer | null }>('{review, undo}'),
  body: z.object({
    id: recordId,
    decision: z.enum(HELD_REVIEW_DECISIONS, { message: 'value-invalid' }),
    reason: reasonField,
  }),
})

export const moderateInBulk = declareCall({
  path: '/moderate-in-bulk',
  method: 'post',
  auth: canModerate,
  summary: `Decide up to ${MODERATION_BULK_MAX} items of one queue at once (admins), with one \`reason\` for all where the decision needs one: reports \`hide\` or \`dismiss\` (\`ids\` are reviews), held reviews \`publish\` or \`hide\`, resources \`approve\` or \`reject\`, contact messages \`process\` or \`unprocess\`. Each item is decided on its own, in its own transaction, by the collections' rules: \`done\` lists those decided, \`failed\` the others with why (one already decided answers \`already-decided\`), and \`undo\` puts the decided back within ${MODERATION_UNDO_SECONDS} s`,
  answer: answer<BulkOutcome>(
    '{done, failed: [{id, code, message}], undo: {token, expires_at, notified} | null}',
  ),
  body: z
    .object({
      queue: z.enum(BULK_QUEUES, { message: 'value-invalid' }),
      ids: z
        .array(recordId, { message: 'value-invalid' })
        .min(1, 'required')
        .max(MODERATION_BULK_MAX, 'bulk-too-many')
        .transform((ids) => [...new Set(ids)]),
      action: z.enum(ALL_BULK_ACTIONS, { message: 'value-invalid' }),
      reason: reasonField,
    })
    .refine((body) => isBulkAction(body.queue, body.action), {
      path: ['action'],
      message: 'value-invalid',
    }),
})

export const undoModeration = declareCall({
  path: '/undo-moderation',
  method: 'post',
  auth: canModerate,
  summary: `Undo a decision (admins): the \`token\` of an \`undo\` that a decision answered, by the admin who made it, within ${MODERATION_UNDO_SECONDS} s (410 after). Each item goes back to its state before, through the collections' rules, if nobody decided it again since (else \`changed-since\` in \`failed\`); a mail the decision sent is not recalled`,
  answer: answer<UndoOutcome>('{undone, failed: [{id, code, message}]}'),
  // A batch's token carries its items' previous states (a rejected resource's reason among them).
  body: z.object({
    token: z.string({ message: 'required' }).min(1, 'required').max(100_000, 'value-invalid'),
  }),
})
