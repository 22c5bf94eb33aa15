import { z } from 'zod'

import { LIMITS } from '@/lib/limits'
import { REPORT_REASONS } from '@/lib/reviewReports'

import { answer, declareCall } from './call'
import { recordId, recordIdList } from './fields'

/**
 * Whether the caller marked a review helpful, whether they reported it, and how many readers
 * found it helpful now (null for a review readers may not see): a page served from the cache may
 * show an older count than the caller's own vote made.
 */
export type ReviewRelation = {
  review_id: number
  helpful: boolean
  reported: boolean
  helpful_count: number | null
}

export const reviewRelations = declareCall({
  path: '/review-relations',
  method: 'get',
  auth: 'signedIn',
  summary:
    'Which reviews the caller marked helpful or reported, and their helpful counts now (ids=1,2,… up to 50)',
  answer: answer<{ relations: ReviewRelation[] }>(
    '{relations: [{review_id, helpful, reported, helpful_count}]}',
  ),
  query: z.object({ ids: recordIdList }),
})

export const reviewHelpful = declareCall({
  path: '/review-helpful',
  method: 'post',
  auth: 'signedIn',
  summary: 'Mark a review as helpful, or take the mark back (one per user and review)',
  answer: answer<{ review_id: number; helpful: boolean; helpful_count: number }>(
    '{review_id, helpful, helpful_count}',
  ),
  body: z.object({ review_id: recordId, helpful: z.boolean({ message: 'required' }) }),
})

export const reportReview = declareCall({
  path: '/report-review',
  method: 'post',
  auth: 'signedIn',
  summary:
    'Report a review to the moderators (reasons: spam, offensive, fake, personal-data, other)',
  answer: answer<{ reported: true }>('{reported: true}'),
  body: z.object({
    review_id: recordId,
    reason: z.enum(REPORT_REASONS, { message: 'required' }),
    comment: z.string().trim().max(LIMITS.reportCommentMax, 'too-long').optional(),
  }),
})
