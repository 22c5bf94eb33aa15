import 'server-only'

// drizzle-orm's own `sql`, not the adapter's re-export: the scripts load the chat's bus (and so
// these statements) before Payload's config, and loading the Postgres adapter that early left their
// import of the config unsettled now and then (exit 13).
import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import type { ResourceType } from '@/lib/resourceTypes'

import { runSql } from './run'

/**
 * The writes (and the reads that belong to them) that Payload's Local API cannot say, each named
 * once. Every one runs in the request's transaction (`runSql`), so it commits or rolls back with
 * the change that called it. Hooks and endpoints call these; they hold no SQL of their own.
 */

const run = <Row = Record<string, unknown>>(req: PayloadRequest, query: ReturnType<typeof sql>) =>
  runSql<Row>({ payload: req.payload, req, query })

/**
 * Rebuilds a resource's rating aggregates from its published reviews. The resource row is locked
 * first, so concurrent reviews of one resource are counted one after the other and none is
 * missed. NO KEY UPDATE: it queues the recomputations of one resource, yet does not wait on the
 * key share locks that inserting a review (a foreign key to the resource) takes.
 */
export const recomputeRating = async (req: PayloadRequest, resourceId: number) => {
  await run(req, sql`SELECT id FROM resources WHERE id = ${resourceId} FOR NO KEY UPDATE`)
  await run(
    req,
    sql`
    UPDATE resources SET
      review_count = agg.count,
      rating_average = agg.average,
      rating_distribution = agg.distribution,
      criteria_averages = agg.criteria
    FROM (
      SELECT
        count(*)::int AS count,
        coalesce(round(avg(grade)::numeric, 2), 0) AS average,
        jsonb_build_object(
          '1', count(*) FILTER (WHERE grade = 1), '2', count(*) FILTER (WHERE grade = 2),
          '3', count(*) FILTER (WHERE grade = 3), '4', count(*) FILTER (WHERE grade = 4),
          '5', count(*) FILTER (WHERE grade = 5)
        ) AS distribution,
        coalesce((
          SELECT jsonb_object_agg(key, average) FROM (
            SELECT c.key, round(avg(c.value::numeric), 2) AS average
            FROM reviews r2, jsonb_each_text(r2.criteria) c
            WHERE r2.resource_id = ${resourceId} AND r2.status = 'published'
              AND jsonb_typeof(r2.criteria) = 'object'
            GROUP BY c.key
          ) per_key
        ), '{}'::jsonb) AS criteria
      FROM reviews
      WHERE resource_id = ${resourceId} AND status = 'published'
    ) agg
    WHERE resources.id = ${resourceId}
  `,
  )
}

/**
 * Recounts a review's helpful votes (the review row is locked by the update, so two votes at once
 * are both counted); answers the resource the review is on. A vote changes no review through
 * Payload, so none of the review's hooks (its rating) run.
 */
export const recountHelpfulVotes = async (req: PayloadRequest, reviewId: number) => {
  const { rows } = await run<{ resource_id: number }>(
    req,
    sql`
      UPDATE reviews SET helpful_count =
        (SELECT count(*)::int FROM review_votes WHERE review_id = ${reviewId})
      WHERE id = ${reviewId}
      RETURNING resource_id`,
  )
  return rows.map((row) => row.resource_id)
}

/**
 * The resources whose pages show a person by name: those they reviewed, or answered a review on
 * (one indexed read each, `reviews_author_idx` and `reviews_reply_reply_author_idx`).
 */
export const resourcesShowingPerson = async (req: PayloadRequest, userId: number) => {
  const { rows } = await run<{ resource_id: number }>(
    req,
    sql`SELECT resource_id FROM reviews WHERE author_id = ${userId}
        UNION
        SELECT resource_id FROM reviews WHERE reply_author_id = ${userId}`,
  )
  return rows.map((row) => row.resource_id)
}

/** The types of the resources `ids` (a review holds its resource's id, not its type). */
export const typesOfResources = async (req: PayloadRequest, ids: number[]) => {
  const { rows } = await run<{ id: number; type: ResourceType }>(
    req,
    sql`SELECT id, type FROM resources WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  )
  return new Map(rows.map((row) => [row.id, row.type]))
}

/**
 * Forgets a resource's public-status reason in every language but `locale`, the one a new status
 * was just given its reason in: a reason written for the previous status must not stand beside
 * the new one (readers of the other language read the new reason until one is written for them).
 */
export const forgetStatusReasonElsewhere = async (
  req: PayloadRequest,
  { resourceId, locale }: { resourceId: number; locale: string },
) => {
  await run(
    req,
    sql`UPDATE resources_locales SET public_status_reason = NULL
        WHERE _parent_id = ${resourceId} AND _locale::text <> ${locale}`,
  )
}

/** The lock classes of an author's reviews and of a resource's reviews (two-key advisory locks). */
const REVIEWS_OF_AUTHOR_LOCK = 7_432_101
const REVIEWS_ON_RESOURCE_LOCK = 7_432_102

/**
 * Holds, until the transaction ends, the right to add a review by `authorId` to `resourceId`, so
 * that the counts the review guard reads (the author's day, the resource's burst) cannot change
 * under it. Always the author's lock before the resource's: two writers never wait on each other
 * in a circle.
 */
export const lockReviewWrite = async (
  req: PayloadRequest,
  { authorId, resourceId }: { authorId: number; resourceId: number },
) => {
  await run(req, sql`select pg_advisory_xact_lock(${REVIEWS_OF_AUTHOR_LOCK}, ${authorId})`)
  await run(req, sql`select pg_advisory_xact_lock(${REVIEWS_ON_RESOURCE_LOCK}, ${resourceId})`)
}

/**
 * What the review guard weighs before a new review: how many reviews `authorId` wrote in the last
 * 24 hours, and how many reviews `resourceId` received in the last `windowHours` from accounts
 * that were younger than `newAccountDays` when they wrote them (held ones included).
 */
export const reviewWriteCounts = async (
  req: PayloadRequest,
  {
    authorId,
    resourceId,
    windowHours,
    newAccountDays,
  }: { authorId: number; resourceId: number; windowHours: number; newAccountDays: number },
) => {
  const { rows } = await run<{ by_author: string; from_new_accounts: string }>(
    req,
    sql`SELECT
          (SELECT count(*) FROM reviews
            WHERE author_id = ${authorId} AND created_at > now() - interval '24 hours') AS by_author,
          (SELECT count(*) FROM reviews r JOIN users u ON u.id = r.author_id
            WHERE r.resource_id = ${resourceId}
              AND r.created_at > now() - make_interval(hours => ${windowHours})
              AND r.created_at < u.created_at + make_interval(days => ${newAccountDays})
          ) AS from_new_accounts`,
  )
  return {
    byAuthor: Number(rows[0].by_author),
    fromNewAccounts: Number(rows[0].from_new_accounts),
  }
}

/** The lock that keeps the chat room's events committed in the order of their `seq`. */
const CHAT_EVENTS_LOCK = 7_432_001

/**
 * The chat room's next event number, taken under a transaction-long lock: two writers never
 * commit out of order, so a reader that has every event up to N has missed none below it.
 */
export const nextChatSeq = async (req: PayloadRequest) => {
  await run(req, sql`select pg_advisory_xact_lock(${CHAT_EVENTS_LOCK})`)
  const { rows } = await run<{ seq: string }>(req, sql`select nextval('chat_messages_seq') as seq`)
  return Number(rows[0].seq)
}

/** Announces `payload` on Postgres' channel `channel`, delivered when the transaction commits. */
export const notifyChannel = async (req: PayloadRequest, channel: string, payload: string) => {
  await run(req, sql`select pg_notify(${channel}, ${payload})`)
}

/**
 * Records the authenticator's time step `step` as used by `userId`, only if no later or equal
 * step was used before: one conditional UPDATE, so two requests racing with the same code cannot
 * both pass. In the request's transaction, as every other write of the sign-in step.
 */
export const claimTotpStep = async (req: PayloadRequest, userId: number, step: number) => {
  const { rowCount } = await run(
    req,
    sql`UPDATE "users" SET "totp_last_step" = ${step}
        WHERE "id" = ${userId} AND ("totp_last_step" IS NULL OR "totp_last_step" < ${step})`,
  )
  return rowCount === 1
}

/**
 * Marks a sign-in or confirmation challenge used, only if it was not yet: one conditional UPDATE,
 * so two requests racing with the same code cannot both redeem it. True for the one that did.
 */
export const spendChallengeOnce = async (req: PayloadRequest, challengeId: number) => {
  const { rowCount } = await run(
    req,
    sql`UPDATE "auth_challenges" SET "used_at" = now(), "updated_at" = now()
        WHERE "id" = ${challengeId} AND "used_at" IS NULL`,
  )
  return rowCount === 1
}

/**
 * Announces on `channel` (PostgreSQL NOTIFY) the cache tags a committed write expired, for the
 * other processes that serve the site (src/server/cacheExpiryBus.ts).
 */
export const announceCacheExpiry = async ({
  payload,
  channel,
  notice,
}: {
  payload: Payload
  channel: string
  notice: string
}) => {
  await runSql({ payload, query: sql`select pg_notify(${channel}, ${notice})` })
}
