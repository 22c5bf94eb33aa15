import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { CACHE_TAGS } from '@/server/cacheTags'
import { runSql } from '@/server/db'
import { expireCacheTags } from '@/server/publicCache'
import { relationId } from '@access/resources'
import type { ReviewVote } from '@payload-types'

/**
 * Recounts a review's helpful votes in the vote's transaction (the review row is locked, so two
 * votes at once are both counted) and expires the page of the resource it is on. Plain SQL: a
 * vote changes no review, so none of the review's hooks (its rating) run.
 */
const recount = async ({ req, vote }: { req: PayloadRequest; vote: Partial<ReviewVote> }) => {
  const reviewId = relationId(vote.review)
  if (reviewId === null) return
  const { rows } = await runSql<{ resource_id: number }>({
    payload: req.payload,
    req,
    query: sql`
      UPDATE reviews SET helpful_count =
        (SELECT count(*)::int FROM review_votes WHERE review_id = ${reviewId})
      WHERE id = ${reviewId}
      RETURNING resource_id`,
  })
  // Only the resource's own page shows the count: its listings and the home page stay cached.
  const tags = rows.map((row) => CACHE_TAGS.resource(row.resource_id))
  if (tags.length) expireCacheTags({ req, tags })
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
