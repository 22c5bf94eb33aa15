import { z } from 'zod'

import type { CommentPage, CommentView } from '@/data/views/comments'
import { COMMENTS_STEP, LIMITS } from '@/lib/limits'
import { canModerateComments } from '@/lib/roles'

import { answer, declareCall } from './call'
import { recordId, wholeNumber } from './fields'

const COMMENTS_STEP_MAX = 50

const commentText = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .max(LIMITS.commentMax, 'too-long')

/** The article commented on: exactly one of the two, which the endpoint checks. */
const commentTarget = {
  news_id: recordId.optional(),
  post_id: recordId.optional(),
}

export const getComments = declareCall({
  path: '/get-comments',
  method: 'get',
  auth: 'anyone',
  summary:
    'Comments on a published news item (news_id) or post (post_id), newest first, 10 at a time; ' +
    'before=<id of the last one shown> gives the next step. Hidden ones only for editors and admins',
  answer: answer<CommentPage>(
    '{comments: [{id, text, created_at, edited_at, author: {id, display_name, avatar}, own, status, reply_to: {id, name}}], has_more, total}',
  ),
  query: z.object({
    ...commentTarget,
    before: recordId.optional(),
    limit: wholeNumber('value-invalid')
      .pipe(z.number().min(1, 'value-invalid').max(COMMENTS_STEP_MAX, 'value-invalid'))
      .default(COMMENTS_STEP),
  }),
})

export const addComment = declareCall({
  path: '/add-comment',
  method: 'post',
  auth: 'signedIn',
  summary:
    'Comment on a published news item (news_id) or post (post_id), or answer a published comment ' +
    'of it (reply_to_id); plain text, a few per minute',
  answer: answer<{ comment: CommentView }>('{comment}'),
  body: z.object({ ...commentTarget, text: commentText, reply_to_id: recordId.optional() }),
})

export const updateComment = declareCall({
  path: '/update-comment',
  method: 'post',
  auth: 'signedIn',
  summary: "Change the text of the caller's own comment",
  answer: answer<{ comment: CommentView }>('{comment}'),
  body: z.object({ comment_id: recordId, text: commentText }),
})

export const deleteComment = declareCall({
  path: '/delete-comment',
  method: 'post',
  auth: 'signedIn',
  summary: "Delete the caller's own comment (editors and admins: any comment)",
  answer: answer<{ comment_id: number }>('{comment_id}'),
  body: z.object({ comment_id: recordId }),
})

export const hideComment = declareCall({
  path: '/hide-comment',
  method: 'post',
  auth: canModerateComments,
  summary: 'Hide a comment from everyone but editors and admins, or show it again',
  answer: answer<{ comment: CommentView }>('{comment}'),
  body: z.object({ comment_id: recordId, hidden: z.boolean({ message: 'required' }) }),
})
