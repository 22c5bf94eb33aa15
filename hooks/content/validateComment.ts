import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { isRecordId } from '@/lib/limits'
import { canActForAnyone } from '@/lib/roles'
import { TooManyRequestsError, consumeAttempt } from '@/server/rateLimit'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { isModerator } from '@access/content'
import type { Comment } from '@payload-types'

const idOf = (ref: unknown) =>
  Number(typeof ref === 'object' && ref ? (ref as { id: unknown }).id : ref)

/**
 * Whatever way a comment arrives (the site's calls, REST, GraphQL, the admin): it is its writer's,
 * on exactly one published news item or post, its text trimmed and not empty, within the writer's
 * rate limit (editors and admins are not limited); an edit of the text is dated.
 */
export const validateComment: CollectionBeforeChangeHook<Comment> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const locale = messageLocale(req)
  const refuse = (path: string, key: string) => {
    throw new ValidationError({
      collection: 'comments',
      errors: [{ path, message: serverMessage({ locale, key: `api.${key}` }) }],
    })
  }
  if (typeof data.text === 'string') {
    data.text = data.text.trim()
    if (!data.text) refuse('text', 'required')
  }
  if (operation === 'update') {
    if (typeof data.text === 'string' && data.text !== originalDoc?.text) {
      data.editedAt = new Date().toISOString()
    }
    return data
  }

  if (req.user && !canActForAnyone(req.user)) data.author = req.user.id
  const targets = [
    { collection: 'news' as const, id: idOf(data.news) },
    { collection: 'posts' as const, id: idOf(data.post) },
  ].filter(({ id }) => !Number.isNaN(id) && id !== 0)
  if (targets.length !== 1) refuse('news', 'comment-target-invalid')
  const [target] = targets
  const found = isRecordId(target.id)
    ? await req.payload.count({
        collection: target.collection,
        where: { id: { equals: target.id }, _status: { equals: 'published' } },
        req,
        overrideAccess: true,
      })
    : { totalDocs: 0 }
  if (!found.totalDocs) {
    refuse(target.collection === 'news' ? 'news' : 'post', 'comment-target-invalid')
  }
  if (data.replyTo !== undefined && data.replyTo !== null) {
    // The comment answered: one that exists, is not hidden, on the same article.
    const parentId = idOf(data.replyTo)
    const parent = isRecordId(parentId)
      ? await req.payload.findByID({
          collection: 'comments',
          id: parentId,
          select: { news: true, post: true, status: true },
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
          req,
        })
      : null
    const field = target.collection === 'news' ? 'news' : 'post'
    if (!parent || parent.status !== 'published' || idOf(parent[field]) !== target.id) {
      refuse('replyTo', 'comment-reply-invalid')
    }
    data.replyTo = parentId
  }
  if (req.user && !isModerator(req.user)) {
    const allowed = await consumeAttempt({ req, limit: 'commentPerUser', key: String(req.user.id) })
    if (!allowed) {
      throw new TooManyRequestsError(serverMessage({ locale, key: 'api.comment-rate-limited' }))
    }
  }
  return data
}
