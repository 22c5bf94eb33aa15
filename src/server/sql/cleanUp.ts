import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import { runSql } from './run'

/**
 * The clean-ups' deletions (src/server/cleanUp.ts). Each is one statement whose condition is the
 * whole rule, so running it twice, or on two workers at once, removes the same rows once: a row
 * another worker deleted meanwhile is simply not there.
 */

const deleted = async (payload: Payload, query: ReturnType<typeof sql>) =>
  (await runSql({ payload, query })).rowCount

/** Sessions past their end (Payload drops them only from an account that signs in again). */
export const deleteExpiredSessions = (payload: Payload) =>
  deleted(payload, sql`DELETE FROM users_sessions WHERE expires_at < now()`)

/** Rate-limit rows whose window is over (rate-limiter-flexible's `expire`, in milliseconds). */
export const deleteExpiredRateLimits = (payload: Payload) =>
  deleted(
    payload,
    sql`DELETE FROM rate_limits WHERE expire IS NOT NULL
      AND expire < (extract(epoch FROM clock_timestamp()) * 1000)::bigint`,
  )

/** One-time codes spent or expired: no request can use them any more. */
export const deleteDeadChallenges = (payload: Payload) =>
  deleted(payload, sql`DELETE FROM auth_challenges WHERE used_at IS NOT NULL OR expires_at < now()`)

/**
 * Jobs done with: completed more than `completedDays` ago, failed for good more than
 * `failedDays` ago (the editors' dashboard shows failed publications for 60 days).
 */
export const deleteFinishedJobs = (
  payload: Payload,
  { completedDays, failedDays }: { completedDays: number; failedDays: number },
) =>
  deleted(
    payload,
    sql`DELETE FROM payload_jobs
      WHERE (completed_at IS NOT NULL AND completed_at < now() - make_interval(days => ${completedDays}))
         OR (has_error AND completed_at IS NULL AND NOT processing
             AND updated_at < now() - make_interval(days => ${failedDays}))`,
  )

/**
 * Frees the claims on unfinished jobs (of `queue`, or of every queue) made more than `seconds`
 * ago: their runner was killed or lost its connection, so they go back to the queue (a claim sets
 * `updated_at`; patches/@payloadcms+drizzle). The email queue's leases (src/server/mailQueue.ts)
 * and the hourly clean-up's sweep of every queue. Answers the ids freed.
 */
export const releaseLapsedClaims = async (
  payload: Payload,
  { queue, seconds }: { queue?: string; seconds: number },
) =>
  (
    await runSql<{ id: number }>({
      payload,
      query: sql`UPDATE payload_jobs SET processing = false, updated_at = now()
        WHERE processing AND completed_at IS NULL
          AND updated_at < now() - make_interval(secs => ${seconds})
          ${queue === undefined ? sql`` : sql`AND queue = ${queue}`}
        RETURNING id`,
    })
  ).rows.map((row) => row.id)
