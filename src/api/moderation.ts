import { z } from 'zod'

import type {
  HeldReviewPage,
  ModeratedResourcePage,
  ModeratedResourceView,
  ReportedReviewPage,
  ReportedReviewView,
} from '@/data/views/moderation'
import type { ReviewView } from '@/data/views/reviews'
import { LIMITS } from '@/lib/limits'
import {
  HELD_REVIEW_DECISIONS,
  MODERATION_PAGE_SIZE,
  REPORT_TABS,
  RESOURCE_DECISIONS,
  RESOURCE_TABS,
  REVIEW_MODERATION_ACTIONS,
  type WaitingCounts,
} from '@/lib/moderation'

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
  auth: ['admin'],
  summary:
    'What waits for the moderators (admins): reported reviews, held reviews, tickets waiting for an answer, verification requests to decide, resources pending approval, new PGP keys waiting for an admin, unhandled contact messages',
  answer: answer<{ counts: WaitingCounts }>(
    '{counts: {reports, held, tickets, verification, resources, keys, contacts}}',
  ),
})

export const getReviewReports = declareCall({
  path: '/get-review-reports',
  method: 'post',
  auth: ['admin'],
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
  auth: ['admin'],
  summary:
    'Act on a reported review (admins): `hide` it with a `reason` its author reads, `dismiss` the open reports on it, or `block` its author on the site with a `reason` (`hide: true` hides the review too); the open reports become actioned or dismissed',
  answer: answer<{ item: ReportedReviewView | null }>('{item}'),
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
  auth: ['admin'],
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
  auth: ['admin'],
  summary:
    'Approve (publish) or reject a resource (admins); a rejection needs a `reason`, which its owner receives by email and reads on their resources',
  answer: answer<{ resource: ModeratedResourceView | null }>('{resource}'),
  body: z.object({
    id: recordId,
    decision: z.enum(RESOURCE_DECISIONS, { message: 'value-invalid' }),
    reason: reasonField,
  }),
})

export const getHeldReviews = declareCall({
  path: '/get-held-reviews',
  method: 'post',
  auth: ['admin'],
  summary: `Reviews the review guard held for moderation (a burst of reviews from new accounts on one resource), oldest first, ${MODERATION_PAGE_SIZE} a page (admins)`,
  answer: answer<HeldReviewPage>('{reviews, page, total_pages, total}'),
  body: z.object({ page: pageFields.page }),
})

export const decideHeldReview = declareCall({
  path: '/decide-held-review',
  method: 'post',
  auth: ['admin'],
  summary:
    'Publish a held review, or hide it with a `reason` its author reads (admins); 404 for a review that is not held',
  answer: answer<{ review: ReviewView }>('{review}'),
  body: z.object({
    id: recordId,
    decision: z.enum(HELD_REVIEW_DECISIONS, { message: 'value-invalid' }),
    reason: reasonField,
  }),
})
