import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import { runSql } from './run'

/** What the comparison reads of a resource's published reviews beyond its rating's aggregates. */
export type ReviewFiguresRow = {
  reviews: number
  newest: string | null
  oldest: string | null
  /** Published reviews the owner's side answered. */
  replied: number
  /** The median time from a review to its answer, in seconds; null without answers. */
  median_reply_seconds: number | null
}

/**
 * A resource's published reviews in figures: how many, the newest and oldest, how many were
 * answered and the median time to an answer. Hidden and pending reviews never count.
 */
export const readReviewFigures = async ({
  payload,
  resourceId,
}: {
  payload: Payload
  resourceId: number
}): Promise<ReviewFiguresRow> => {
  const { rows } = await runSql<ReviewFiguresRow>({
    payload,
    query: sql`
      SELECT count(*)::int AS reviews, max(created_at) AS newest, min(created_at) AS oldest,
        count(*) FILTER (WHERE answered)::int AS replied,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY wait) FILTER (WHERE answered)
          AS median_reply_seconds
      FROM (
        SELECT created_at,
          coalesce(reply_text, '') <> '' AND reply_replied_at IS NOT NULL AS answered,
          greatest(extract(epoch FROM reply_replied_at - created_at), 0) AS wait
        FROM reviews WHERE resource_id = ${resourceId} AND status = 'published') r`,
  })
  const row = rows[0]!
  return {
    ...row,
    median_reply_seconds:
      row.median_reply_seconds === null ? null : Number(row.median_reply_seconds),
  }
}
