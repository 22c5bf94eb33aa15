import type { PayloadRequest } from 'payload'

import type { BulkAction, BulkQueue } from '@/lib/moderation'
import { relationId } from '@access/resources'
import type { User } from '@payload-types'

/**
 * One moderator's decision on one item of a queue, and how to take it back. Every write goes
 * through its collection with the moderator as `user` and their access (`overrideAccess: false`),
 * so the rules of every door hold on each item: a hidden review or a rejected resource needs its
 * reason, a report's decision records who and when, an owner is mailed (hooks/moderation,
 * hooks/contacts). The single calls and the bulk call decide through here; undoSteps.ts puts a
 * decision back the same way.
 */

/** What a decision changed, enough to put it back (kept in the undo's signed token). */
export type UndoStep =
  | { queue: 'reports'; id: number; action: 'hide' | 'dismiss'; hid: boolean; from: string }
  | { queue: 'held'; id: number; to: 'published' | 'hidden' }
  | {
      queue: 'resources'
      id: number
      to: 'published' | 'rejected'
      from: string
      reason: string | null
    }
  | { queue: 'contacts'; id: number; to: boolean }

/**
 * A decision that changed something gives its step back, and whether it told someone (the
 * owner's mail of a resource's decision, the team's notification of a review published) that an
 * undo cannot take back; one that changed nothing gives no step.
 */
export type Decided = { step: UndoStep | null; notified: boolean }

/** An item that could not be decided or undone: its status and the `api.<code>` message. */
export class ItemRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code)
  }
}

export type Acting = { req: PayloadRequest; user: User }

/** The caller's access, as every door has it. */
export const as = ({ req, user }: Acting) => ({ overrideAccess: false, user, req }) as const

export const findOne = async <C extends 'reviews' | 'resources' | 'contact-messages'>(
  acting: Acting,
  collection: C,
  id: number,
) => acting.req.payload.findByID({ collection, id, depth: 0, disableErrors: true, ...as(acting) })

/** The open reports on a review, decided as `status`. */
const decideReports = (acting: Acting, reviewId: number, status: 'actioned' | 'dismissed') =>
  acting.req.payload.update({
    collection: 'review-reports',
    where: { and: [{ review: { equals: reviewId } }, { status: { equals: 'open' } }] },
    data: { status },
    depth: 0,
    ...as(acting),
  })

/** Whether anyone is told when a review of `resourceId` is published: its owner (and staff). */
const hasOwner = async (acting: Acting, resourceId: number | null) => {
  if (resourceId === null) return false
  const resource = await findOne(acting, 'resources', resourceId)
  return relationId(resource?.owner) !== null
}

const hasOpenReports = async ({ req }: Acting, reviewId: number) =>
  (
    await req.payload.count({
      collection: 'review-reports',
      where: { and: [{ review: { equals: reviewId } }, { status: { equals: 'open' } }] },
      overrideAccess: true,
      req,
    })
  ).totalDocs > 0

const decideReported = async (
  acting: Acting,
  id: number,
  action: 'hide' | 'dismiss',
  reason: string | undefined,
  fromQueue: boolean,
): Promise<Decided> => {
  const review = await findOne(acting, 'reviews', id)
  if (!review) throw new ItemRefusal(404, 'review-not-found')
  // Taken from the queue, a review nobody reports any more was decided by someone meanwhile.
  if (fromQueue && !(await hasOpenReports(acting, id))) return { step: null, notified: false }
  if (action === 'dismiss') {
    const { docs } = await decideReports(acting, id, 'dismissed')
    const step = { queue: 'reports', id, action, hid: false, from: review.status } as const
    return { step: docs.length ? step : null, notified: false }
  }
  const hid = review.status !== 'hidden'
  if (hid) {
    // Hiding actions the open reports on it too (actionReportsOnHiding).
    await acting.req.payload.update({
      collection: 'reviews',
      id,
      data: { status: 'hidden', hiddenReason: reason },
      depth: 0,
      ...as(acting),
    })
  }
  const { docs } = await decideReports(acting, id, 'actioned')
  const step = { queue: 'reports', id, action, hid, from: review.status } as const
  return { step: hid || docs.length ? step : null, notified: false }
}

const decideHeld = async (
  acting: Acting,
  id: number,
  action: 'publish' | 'hide',
  reason?: string,
): Promise<Decided> => {
  const review = await findOne(acting, 'reviews', id)
  if (!review) throw new ItemRefusal(404, 'review-not-found')
  if (review.status !== 'pending') return { step: null, notified: false }
  const to = action === 'publish' ? 'published' : 'hidden'
  await acting.req.payload.update({
    collection: 'reviews',
    id,
    data: to === 'published' ? { status: to } : { status: to, hiddenReason: reason },
    depth: 0,
    ...as(acting),
  })
  return {
    step: { queue: 'held', id, to },
    notified: to === 'published' && (await hasOwner(acting, relationId(review.resource))),
  }
}

const decideResource = async (
  acting: Acting,
  id: number,
  action: 'approve' | 'reject',
  reason: string | undefined,
  fromQueue: boolean,
): Promise<Decided> => {
  const resource = await findOne(acting, 'resources', id)
  if (!resource) throw new ItemRefusal(404, 'resource-not-found')
  const to = action === 'approve' ? 'published' : 'rejected'
  // The queue's tabs: a waiting resource is approved or rejected, a rejected one approved.
  const isQueued =
    resource.status === 'pending' || (to === 'published' && resource.status === 'rejected')
  if (resource.status === to || (fromQueue && !isQueued)) return { step: null, notified: false }
  await acting.req.payload.update({
    collection: 'resources',
    id,
    data: to === 'rejected' ? { status: to, rejectionReason: reason } : { status: to },
    depth: 0,
    ...as(acting),
  })
  const owner = relationId(resource.owner)
  return {
    step: {
      queue: 'resources',
      id,
      to,
      from: resource.status ?? 'pending',
      reason: resource.status === 'rejected' ? (resource.rejectionReason ?? null) : null,
    },
    // tellOwnerOfModeration mails the owner of each decision, unless the owner decided it.
    notified: owner !== null && owner !== acting.user.id,
  }
}

const decideContact = async (
  acting: Acting,
  id: number,
  action: 'process' | 'unprocess',
): Promise<Decided> => {
  const message = await findOne(acting, 'contact-messages', id)
  if (!message) throw new ItemRefusal(404, 'contact-message-not-found')
  const to = action === 'process'
  if (Boolean(message.handled) === to) return { step: null, notified: false }
  await acting.req.payload.update({
    collection: 'contact-messages',
    id,
    data: { handled: to },
    depth: 0,
    ...as(acting),
  })
  return { step: { queue: 'contacts', id, to }, notified: false }
}

/**
 * Decides item `id` of `queue` as `action` (one of the queue's, BULK_ACTIONS), a reason given
 * where the decision needs one. `fromQueue` (a batch picked from the queue's screen) decides only
 * what still waits there, so that a batch does not overrule what another moderator decided
 * meanwhile. Throws an ItemRefusal for an item that is not there.
 */
export const decideItem = ({
  queue,
  action,
  id,
  reason,
  fromQueue = false,
  ...acting
}: Acting & {
  queue: BulkQueue
  action: BulkAction
  id: number
  reason?: string
  fromQueue?: boolean
}) => {
  switch (queue) {
    case 'reports':
      return decideReported(acting, id, action as 'hide' | 'dismiss', reason, fromQueue)
    case 'held':
      return decideHeld(acting, id, action as 'publish' | 'hide', reason)
    case 'resources':
      return decideResource(acting, id, action as 'approve' | 'reject', reason, fromQueue)
    case 'contacts':
      return decideContact(acting, id, action as 'process' | 'unprocess')
  }
}
