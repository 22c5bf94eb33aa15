import type { PayloadRequest } from 'payload'

import * as calls from '@/api/comments'
import {
  type CommentTarget,
  canSeeTarget,
  commentViews,
  findComment,
  findComments,
} from '@/data/views/comments'
import { isModerator } from '@access/content'
import type { Comment, User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'

/** The collection's field paths as the API names them. */
const FIELD_NAMES = { news: 'news_id', post: 'post_id', text: 'text', replyTo: 'reply_to_id' }

/** The one article named by `news_id` or `post_id`, or the 422 answer when it is not one. */
const targetOf = (
  req: PayloadRequest,
  ids: { news_id?: number; post_id?: number },
): { target: CommentTarget; failure?: undefined } | { failure: Response } => {
  if (ids.news_id && !ids.post_id) return { target: { collection: 'news', id: ids.news_id } }
  if (ids.post_id && !ids.news_id) return { target: { collection: 'posts', id: ids.post_id } }
  return { failure: invalid({ req, errors: { news_id: ['comment-target-invalid'] } }) }
}

const viewOf = async (req: PayloadRequest, user: User, comment: Comment) =>
  (await commentViews({ payload: req.payload, req, user, comments: [comment] }))[0]

/**
 * The caller's comment with that id (editors and admins: any comment), or the answer to send:
 * 404 when the caller cannot see it, 403 when it is someone else's.
 */
const findWritable = async ({ req, user, id }: { req: PayloadRequest; user: User; id: number }) => {
  const comment = await findComment({ payload: req.payload, req, user, id })
  if (!comment) {
    return { failure: fail({ req, status: 404, code: 'comment-not-found', field: 'comment_id' }) }
  }
  const authorId = typeof comment.author === 'object' ? comment.author.id : comment.author
  if (authorId !== user.id && !isModerator(user)) {
    return { failure: fail({ req, status: 403, code: 'forbidden' }) }
  }
  return { comment }
}

/**
 * GET /get-comments?news_id=|post_id=&before=&limit= → {comments, has_more, total}: an article's
 * comments newest first, `limit` (10) at a time; `before` is the id of the last one shown.
 */
export const getComments = defineEndpoint(calls.getComments, {
  handler: async ({ req, user, query, reply }) => {
    const named = targetOf(req, query)
    if (named.failure) return named.failure
    const reader = { payload: req.payload, req, user: user?.blocked ? null : user }
    if (!(await canSeeTarget({ ...reader, target: named.target }))) {
      return fail({ req, status: 404, code: 'content-not-found' })
    }
    return reply(
      await findComments({
        ...reader,
        target: named.target,
        before: query.before,
        limit: query.limit,
      }),
    )
  },
})

/** POST /add-comment {news_id | post_id, text} → {comment}: within the per-user rate limit. */
export const addComment = defineEndpoint(calls.addComment, {
  fieldNames: FIELD_NAMES,
  handler: async ({ req, user, body, reply }) => {
    const named = targetOf(req, body)
    if (named.failure) return named.failure
    const { collection, id } = named.target
    const comment = await req.payload.create({
      collection: 'comments',
      data: {
        ...(collection === 'news' ? { news: id } : { post: id }),
        text: body.text,
        ...(body.reply_to_id ? { replyTo: body.reply_to_id } : {}),
        author: user.id,
        status: 'published',
      },
      depth: 0,
      user,
      overrideAccess: false,
      req,
    })
    return reply({ comment: await viewOf(req, user, comment) })
  },
})

/** POST /update-comment {comment_id, text} → {comment}: the caller's own published comment. */
export const updateComment = defineEndpoint(calls.updateComment, {
  fieldNames: FIELD_NAMES,
  handler: async ({ req, user, body, reply }) => {
    const found = await findWritable({ req, user, id: body.comment_id })
    if (found.failure) return found.failure
    const comment = await req.payload.update({
      collection: 'comments',
      id: body.comment_id,
      data: { text: body.text },
      depth: 0,
      user,
      overrideAccess: false,
      req,
    })
    return reply({ comment: await viewOf(req, user, comment) })
  },
})

/** POST /delete-comment {comment_id} → {comment_id}: the caller's own published comment. */
export const deleteComment = defineEndpoint(calls.deleteComment, {
  handler: async ({ req, user, body, reply }) => {
    const found = await findWritable({ req, user, id: body.comment_id })
    if (found.failure) return found.failure
    await req.payload.delete({
      collection: 'comments',
      id: body.comment_id,
      user,
      overrideAccess: false,
      req,
    })
    return reply({ comment_id: body.comment_id })
  },
})

/** POST /hide-comment {comment_id, hidden} → {comment}: editors and admins hide or show one. */
export const hideComment = defineEndpoint(calls.hideComment, {
  handler: async ({ req, user, body, reply }) => {
    const found = await findWritable({ req, user, id: body.comment_id })
    if (found.failure) return found.failure
    const comment = await req.payload.update({
      collection: 'comments',
      id: body.comment_id,
      data: { status: body.hidden ? 'hidden' : 'published' },
      depth: 0,
      user,
      overrideAccess: false,
      req,
    })
    return reply({ comment: await viewOf(req, user, comment) })
  },
})

export const commentEndpoints = [getComments, addComment, updateComment, deleteComment, hideComment]
