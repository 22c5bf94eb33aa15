import { z } from 'zod'

import type { ReviewPage, ReviewView } from '@/data/views/reviews'
import { LIMITS } from '@/lib/limits'

import { answer, declareCall } from './call'
import { pageFields, recordId, resourceIdBody, wholeNumber } from './fields'

const grade = wholeNumber('grade-invalid').pipe(
  z.number().min(1, 'grade-invalid').max(5, 'grade-invalid'),
)

const comment = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .max(LIMITS.reviewCommentMax, 'too-long')

/** A review's optional title: empty means none. */
const title = z
  .string({ message: 'required' })
  .trim()
  .max(LIMITS.reviewTitleMax, 'too-long')
  .optional()

const criteria = z.record(z.string(), grade).optional()

export const addReviews = declareCall({
  path: '/add-reviews',
  method: 'post',
  auth: 'signedIn',
  summary:
    'Review a published resource: grade, optional title, comment and per-criterion grades (one per user)',
  answer: answer<{ review: ReviewView }>('{review}'),
  body: z.object({
    resource_id: recordId,
    grade,
    title,
    comment,
    criteria,
    // A review invitation's token (`/invitation/{token}`): the review is marked invited and the
    // invitation spent with it; an invitation that cannot be spent refuses the review (409).
    invitation: z.string().max(64, 'invitation-invalid').optional(),
  }),
})

export const userHasReview = declareCall({
  path: '/user-has-review',
  method: 'post',
  auth: 'signedIn',
  summary: 'Whether the caller has reviewed the resource',
  answer: answer<{ has_review: boolean }>('{has_review}'),
  body: resourceIdBody,
})

export const getMyReviews = declareCall({
  path: '/get-my-reviews',
  method: 'post',
  auth: 'signedIn',
  summary: "The caller's reviews, newest first",
  answer: answer<ReviewPage>('{reviews, total, page, pages}'),
  body: z.object(pageFields),
})

export const viewsMyReviews = declareCall({
  path: '/views-my-reviews',
  method: 'post',
  auth: 'signedIn',
  summary: 'Reviews on the resources the caller manages',
  answer: answer<ReviewPage>('{reviews, total, page, pages}'),
  body: z.object({ ...pageFields, resource_id: recordId.optional() }),
})

export const updateMyReviews = declareCall({
  path: '/update-my-reviews',
  method: 'post',
  auth: 'signedIn',
  summary: "Change the caller's own review",
  answer: answer<{ review: ReviewView }>('{review}'),
  body: z.object({
    review_id: recordId,
    grade: grade.optional(),
    title,
    comment: comment.optional(),
    criteria,
  }),
})

export const deleteMyReviews = declareCall({
  path: '/delete-my-reviews',
  method: 'post',
  auth: 'signedIn',
  summary: "Delete the caller's own review",
  answer: answer(),
  body: z.object({ review_id: recordId }),
})

export const getLastReviews = declareCall({
  path: '/get-last-reviews',
  method: 'post',
  auth: 'anyone',
  summary: 'The newest published reviews',
  answer: answer<{ reviews: ReviewView[] }>('{reviews}'),
  body: z.object({ limit: pageFields.limit }),
})

export const replyReview = declareCall({
  path: '/reply-review',
  method: 'post',
  auth: 'signedIn',
  summary: 'The owner or an operator answers a review once',
  answer: answer<{ review: ReviewView }>('{review}'),
  body: z.object({
    review_id: recordId,
    reply: z
      .string({ message: 'required' })
      .trim()
      .min(1, 'required')
      .max(LIMITS.reviewReplyMax, 'too-long'),
  }),
})
