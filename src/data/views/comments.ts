import 'server-only'

import type { Payload, PayloadRequest, Where } from 'payload'

import { relationId } from '@/lib/relations'
import type { Comment, User } from '@payload-types'

import { type AuthorView, loadAuthors } from './authors'

/** The article a comment is on: a news item or a post. */
export type CommentTarget = { collection: 'news' | 'posts'; id: number }

/** What a comment shows of its author: the public name and avatar, never the login or email. */
export type CommentAuthorView = Omit<AuthorView, 'role'>

/** A comment as the API shows it; `text` is plain text for the client to show as text. */
export type CommentView = {
  id: number
  text: string
  created_at: string
  edited_at: string | null
  author: CommentAuthorView | null
  /** The viewer wrote it (and may edit or delete it while it is published). */
  own: boolean
  /** `hidden` only ever reaches editors and admins. */
  status: Comment['status']
  /** The comment this one answers, by its author's public name. */
  reply_to: { id: number; name: string | null } | null
}

export type CommentPage = { comments: CommentView[]; has_more: boolean; total: number }

type Reader = { payload: Payload; req: PayloadRequest; user: User | null }

/** The field of a comment that names its article. */
export const targetField = (collection: CommentTarget['collection']) =>
  collection === 'news' ? 'news' : 'post'

/** The comment's author as comments show them: name and avatar. */
const publicFace = (author: AuthorView | undefined): CommentAuthorView | null =>
  author ? { id: author.id, display_name: author.display_name, avatar: author.avatar } : null

const view = (
  comment: Comment,
  authors: Map<number, AuthorView>,
  viewer: User | null,
  parents: Map<number, number | null>,
): CommentView => {
  const authorId = relationId(comment.author)
  const parentId = relationId(comment.replyTo)
  const parentAuthor = parentId === null ? null : (parents.get(parentId) ?? null)
  return {
    id: comment.id,
    text: comment.text,
    created_at: comment.createdAt,
    edited_at: comment.editedAt ?? null,
    author: publicFace(authorId === null ? undefined : authors.get(authorId)),
    own: viewer !== null && authorId === viewer.id,
    status: comment.status,
    reply_to:
      parentId === null
        ? null
        : {
            id: parentId,
            name: (parentAuthor !== null && authors.get(parentAuthor)?.display_name) || null,
          },
  }
}

/** Comments as the viewer may see them, each with its author's public face. */
export const commentViews = async ({
  payload,
  req,
  user,
  comments,
}: Reader & { comments: Comment[] }): Promise<CommentView[]> => {
  const parentIds = [
    ...new Set(comments.map((c) => relationId(c.replyTo)).filter((id) => id !== null)),
  ]
  // The answered comments' authors (names are public; a hidden parent still names its author).
  const parents = new Map<number, number | null>(
    parentIds.length
      ? (
          await payload.find({
            collection: 'comments',
            where: { id: { in: parentIds } },
            select: { author: true },
            depth: 0,
            limit: parentIds.length,
            pagination: false,
            overrideAccess: true,
            req,
          })
        ).docs.map((parent) => [parent.id, relationId(parent.author)])
      : [],
  )
  const ids = [
    ...new Set(
      [...comments.map((c) => relationId(c.author)), ...parents.values()].filter(
        (id) => id !== null,
      ),
    ),
  ]
  const authors = await loadAuthors({ payload, req, ids })
  return comments.map((comment) => view(comment, authors, user, parents))
}

/**
 * Whether the viewer may see the article (published for everyone; drafts for editors and admins),
 * under the article collection's own access.
 */
export const canSeeTarget = async ({
  payload,
  req,
  user,
  target,
}: Reader & { target: CommentTarget }) =>
  (
    await payload.count({
      collection: target.collection,
      where: { id: { equals: target.id } },
      user,
      overrideAccess: false,
      req,
    })
  ).totalDocs > 0

/**
 * One step of an article's comments, newest first: `limit` of them older than the comment
 * `before` (the last one shown), so comments written meanwhile never repeat one already shown.
 * The comments' access decides what the viewer sees: hidden ones reach editors and admins only.
 */
export const findComments = async ({
  payload,
  req,
  user,
  target,
  before,
  limit,
}: Reader & { target: CommentTarget; before?: number; limit: number }): Promise<CommentPage> => {
  const onTarget: Where = { [targetField(target.collection)]: { equals: target.id } }
  const read = { user: user ?? undefined, overrideAccess: false, req }
  const [page, all] = await Promise.all([
    payload.find({
      collection: 'comments',
      where: before ? { and: [onTarget, { id: { less_than: before } }] } : onTarget,
      sort: '-id',
      limit,
      depth: 0,
      ...read,
    }),
    payload.count({ collection: 'comments', where: onTarget, ...read }),
  ])
  return {
    comments: await commentViews({ payload, req, user, comments: page.docs }),
    has_more: page.hasNextPage,
    total: all.totalDocs,
  }
}

/** One comment as the viewer may see it, or null. */
export const findComment = async ({ payload, req, user, id }: Reader & { id: number }) => {
  const { docs } = await payload.find({
    collection: 'comments',
    where: { id: { equals: id } },
    depth: 0,
    limit: 1,
    pagination: false,
    user: user ?? undefined,
    overrideAccess: false,
    req,
  })
  return docs[0] ?? null
}
