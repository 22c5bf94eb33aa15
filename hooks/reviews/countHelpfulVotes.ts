import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { CACHE_TAGS } from '@/server/cacheTags'
import { expireCacheTags } from '@/server/publicCache'
import { recountHelpfulVotes } from '@/server/sql/statements'
import { relationId } from '@access/resources'
import type { ReviewVote } from '@payload-types'

/**
 * Recounts a review's helpful votes in the vote's transaction and expires the page of the
 * resource it is on.
 */
const recount = async ({ req, vote }: { req: PayloadRequest; vote: Partial<ReviewVote> }) => {
  const reviewId = relationId(vote.review)
  if (reviewId === null) return
  const resourceIds = await recountHelpfulVotes(req, reviewId)
  // Only the resource's own page shows the count: its listings and the home page stay cached. The
  // voter's browser shows the new count; others may be shown the old one once more.
  const tags = resourceIds.map((id) => CACHE_TAGS.resource(id))
  if (tags.length) expireCacheTags({ req, tags, refresh: 'background' })
}

export const countHelpfulVotesAfterChange: CollectionAfterChangeHook<ReviewVote> = async ({
  doc,
  req,
}) => {
  await recount({ req, vote: doc })
  return doc
}

export const countHelpfulVotesAfterDelete: CollectionAfterDeleteHook<ReviewVote> = async ({
  doc,
  req,
}) => {
  await recount({ req, vote: doc })
  return doc
}
