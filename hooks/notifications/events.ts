import { createHash } from 'node:crypto'

import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { CHAT_MENTIONS_MAX, mentionedLogins } from '@/lib/notifications'
import { OPERATOR_ROLE_OF_TYPE } from '@/lib/roles'
import { relationId } from '@access/resources'
import type { ChatMessage, Comment, Resource, Review } from '@payload-types'

import { notify } from './notify'

/** The users who keep a resource among their favourites. */
export const favouritersOf = async (req: PayloadRequest, resourceId: number) => {
  const { docs } = await req.payload.find({
    collection: 'favorites',
    where: { resource: { equals: resourceId } },
    select: { user: true },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return docs.map((favorite) => relationId(favorite.user))
}

/**
 * Who looks after a resource's reviews: its owner and the owner's employees who operate its
 * type (`managedResources`, access/resources.ts).
 */
const managersOf = async (req: PayloadRequest, resource: Pick<Resource, 'owner' | 'type'>) => {
  const owner = relationId(resource.owner)
  if (owner === null) return []
  const role = OPERATOR_ROLE_OF_TYPE[resource.type]
  if (!role) return [owner]
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { and: [{ employer: { equals: owner } }, { role: { equals: role } }] },
    select: { username: true },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return [owner, ...docs.map((user) => user.id)]
}

const replyText = (review: Pick<Review, 'reply'> | null | undefined) =>
  (review?.reply?.text ?? '').trim()

/**
 * A review's events, whatever the door: published (new, or a held one approved) tells the
 * resource's owner and its operators (`new-review`); an owner's reply set or changed tells the
 * review's author (`review-reply`) and, on a published review, the people who keep the resource
 * among their favourites (`favorite-reply`). A reply's event is the review and the reply's text,
 * so saving the same reply again tells nobody twice.
 */
export const notifyReviewEvents: CollectionAfterChangeHook<Review> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  const resourceId = relationId(doc.resource)
  const author = relationId(doc.author)
  if (resourceId === null) return doc
  const wasPublished = operation === 'update' && previousDoc?.status === 'published'
  if (doc.status === 'published' && !wasPublished) {
    const resource = await req.payload.findByID({
      collection: 'resources',
      id: resourceId,
      select: { owner: true, type: true },
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    if (resource) {
      await notify({
        req,
        kind: 'new-review',
        event: doc.id,
        recipients: await managersOf(req, resource),
        actor: author,
        about: { resource: resourceId, review: doc.id, text: doc.comment || doc.title },
      })
    }
  }
  const text = replyText(doc)
  if (text && text !== replyText(operation === 'update' ? previousDoc : null)) {
    const event = `${doc.id}.${createHash('sha256').update(text).digest('hex').slice(0, 12)}`
    const replier = relationId(doc.reply?.author) ?? req.user?.id ?? null
    const about = { resource: resourceId, review: doc.id, text }
    await notify({ req, kind: 'review-reply', event, recipients: [author], actor: replier, about })
    if (doc.status === 'published') {
      const keepers = (await favouritersOf(req, resourceId)).filter((id) => id !== author)
      await notify({
        req,
        kind: 'favorite-reply',
        event,
        recipients: keepers,
        actor: replier,
        about,
      })
    }
  }
  return doc
}

/** A new reply to a comment tells the comment's author (`comment-reply`). */
export const notifyCommentReply: CollectionAfterChangeHook<Comment> = async ({
  doc,
  operation,
  req,
}) => {
  if (operation !== 'create' || doc.status !== 'published') return doc
  const parentId = relationId(doc.replyTo)
  if (parentId === null) return doc
  const parent = await req.payload.findByID({
    collection: 'comments',
    id: parentId,
    select: { author: true },
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req,
  })
  if (!parent) return doc
  await notify({
    req,
    kind: 'comment-reply',
    event: doc.id,
    recipients: [relationId(parent.author)],
    actor: relationId(doc.author),
    about: { comment: doc.id, text: doc.text },
  })
  return doc
}

/** A new chat message tells each existing user it mentions (`chat-mention`), never its author. */
export const notifyChatMentions: CollectionAfterChangeHook<ChatMessage> = async ({
  doc,
  operation,
  req,
}) => {
  if (operation !== 'create' || doc.removed) return doc
  const logins = mentionedLogins(doc.text ?? '')
  if (!logins.length) return doc
  const { docs } = await req.payload.find({
    collection: 'users',
    // Logins are compared as written and lower-cased (Payload keeps them lower-cased).
    where: { username: { in: [...new Set([...logins, ...logins.map((l) => l.toLowerCase())])] } },
    select: { username: true },
    depth: 0,
    limit: CHAT_MENTIONS_MAX,
    pagination: false,
    overrideAccess: true,
    req,
  })
  await notify({
    req,
    kind: 'chat-mention',
    event: doc.id,
    recipients: docs.map((user) => user.id),
    actor: relationId(doc.author),
    about: { chatMessage: doc.id, text: doc.text },
  })
  return doc
}
