import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import type { Review } from '@payload-types'

import { reasonOf, refuseField } from './refuse'

/**
 * Hiding a review, by whatever door (the moderators' queue, REST, GraphQL, the admin), says why:
 * its author reads the reason on their reviews page. The time is kept; publishing it again
 * clears both. Only admins reach the status and the reason (field access).
 */
export const recordReviewHiding: CollectionBeforeChangeHook<Review> = ({
  data,
  originalDoc,
  req,
}) => {
  const from = originalDoc?.status ?? null
  const to = data.status ?? from ?? 'published'
  if (to !== 'hidden') {
    return from === 'hidden' || data.hiddenReason !== undefined
      ? { ...data, hiddenReason: null, hiddenAt: null }
      : data
  }
  const given = data.hiddenReason === undefined ? undefined : reasonOf(data.hiddenReason)
  const reason = given ?? (from === 'hidden' ? reasonOf(originalDoc?.hiddenReason) : '')
  if (!reason) throw refuseField({ req, collection: 'reviews', path: 'hiddenReason' })
  return {
    ...data,
    hiddenReason: reason,
    hiddenAt:
      from === 'hidden'
        ? (originalDoc?.hiddenAt ?? new Date().toISOString())
        : new Date().toISOString(),
  }
}

/**
 * Once a review is hidden the reports waiting on it have been acted on: they leave the open
 * queue, in the same transaction (the reports' own hook records who and when).
 */
export const actionReportsOnHiding: CollectionAfterChangeHook<Review> = async ({
  doc,
  previousDoc,
  req,
}) => {
  if (doc.status !== 'hidden' || previousDoc?.status === 'hidden') return doc
  await req.payload.update({
    collection: 'review-reports',
    where: { and: [{ review: { equals: doc.id } }, { status: { equals: 'open' } }] },
    data: { status: 'actioned' },
    depth: 0,
    overrideAccess: true,
    req,
  })
  return doc
}
