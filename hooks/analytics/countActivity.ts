import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { GRADES } from '@/lib/analytics'
import { addResourceCounts, addReviewedResourceCounts } from '@/server/sql/analytics'
import { relationId } from '@access/resources'

/**
 * Analytics' counts of what members do on a resource, added in the writer's transaction on every
 * door (the site's calls, REST, GraphQL, the admin), so a count commits or rolls back with its
 * write: favorites added and removed, new reviews and their grades, helpful votes, reports.
 */

export const countFavoriteAdded: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  const resource = relationId(doc.resource)
  if (operation === 'create' && resource) {
    await addResourceCounts(req, resource, { favorites_added: 1 })
  }
  return doc
}

export const countFavoriteRemoved: CollectionAfterDeleteHook = async ({ doc, req }) => {
  const resource = relationId(doc.resource)
  if (resource) await addResourceCounts(req, resource, { favorites_removed: 1 })
  return doc
}

/**
 * A new review and its grade, counted when it is published: at once, or when an admin publishes a
 * review the review guard held (a held review that is hidden instead never counts).
 */
export const countNewReview: CollectionAfterChangeHook = async ({
  doc,
  operation,
  previousDoc,
  req,
}) => {
  const resource = relationId(doc.resource)
  const grade = Number(doc.grade)
  const published =
    doc.status === 'published' && (operation === 'create' || previousDoc?.status === 'pending')
  if (published && resource) {
    await addResourceCounts(req, resource, {
      reviews: 1,
      ...((GRADES as readonly number[]).includes(grade) ? { [`grade_${grade}`]: 1 } : {}),
    })
  }
  return doc
}

/** A helpful vote or a report, counted on the reviewed resource. */
export const countReviewFeedback =
  (counter: 'helpful_votes' | 'reports'): CollectionAfterChangeHook =>
  async ({ doc, operation, req }) => {
    const review = relationId(doc.review)
    if (operation === 'create' && review) {
      await addReviewedResourceCounts(req, review, { [counter]: 1 })
    }
    return doc
  }
