import 'server-only'

import { sql } from 'drizzle-orm'
import type { PayloadRequest } from 'payload'

import { RATE_LIMITS } from '@/lib/limits'

import { EMAIL_TASK } from '../jobQueues'

import { runSql } from './run'

/**
 * The plain statements of an account's deletion (hooks/users/eraseAccount.ts), in the deletion's
 * transaction: what holds the person by a key or a copy rather than by a reference, which the
 * database's own cascades cannot reach.
 */

type Account = { id: number; username?: string | null; email: string }

/**
 * Forgets the rate limits kept under the account's id, login or email (table `rate_limits`, keys
 * `<limit>:<key>`, in lower case).
 */
export const forgetRateLimitsOf = async (req: PayloadRequest, account: Account) => {
  const names = [account.username, account.email, `user:${account.id}`, String(account.id)]
    .filter((name): name is string => Boolean(name))
    .map((name) => name.toLowerCase())
  const keys = Object.keys(RATE_LIMITS).flatMap((limit) => names.map((name) => `${limit}:${name}`))
  await runSql({
    payload: req.payload,
    req,
    query: sql`DELETE FROM rate_limits WHERE key IN ${keys}`,
  })
}

/** Removes the mails waiting (or failed) for the address; one being sent now is left to finish. */
export const dropMailsTo = async (req: PayloadRequest, email: string) =>
  (
    await runSql({
      payload: req.payload,
      req,
      query: sql`DELETE FROM payload_jobs
        WHERE task_slug = ${EMAIL_TASK} AND NOT coalesce(processing, false)
          AND position(${email.toLowerCase()} IN lower((input -> 'message' -> 'to')::text)) > 0`,
    })
  ).rowCount

/** Closes the account's open tickets (nobody is left to answer); they stay for the records. */
export const closeTicketsOf = async (req: PayloadRequest, userId: number) =>
  (
    await runSql({
      payload: req.payload,
      req,
      query: sql`UPDATE tickets SET status = 'closed', closed_at = now(), waiting_since = NULL,
          updated_at = now()
        WHERE author_id = ${userId} AND status <> 'closed'`,
    })
  ).rowCount

/** Empties the login the block log copied of the account. */
export const forgetBlockedLogin = (req: PayloadRequest, userId: number) =>
  runSql({
    payload: req.payload,
    req,
    query: sql`UPDATE user_blocks SET login = NULL WHERE user_id = ${userId}`,
  })

/** Removes the notifications the account's acts sent others (they quote its words). */
export const deleteNotificationsBy = async (req: PayloadRequest, userId: number) =>
  (
    await runSql({
      payload: req.payload,
      req,
      query: sql`DELETE FROM notifications WHERE actor_id = ${userId}`,
    })
  ).rowCount

/** The resources whose reviews carry a reply the account wrote, and how many such replies. */
export const resourcesRepliedBy = async (req: PayloadRequest, userId: number) => {
  const { rows } = await runSql<{ resource_id: number; replies: number }>({
    payload: req.payload,
    req,
    query: sql`SELECT resource_id, count(*)::int AS replies FROM reviews
      WHERE reply_author_id = ${userId} GROUP BY resource_id`,
  })
  return rows
}

/** How many of the account's chat messages stay, shown as from a deleted member. */
export const countChatMessagesOf = async (req: PayloadRequest, userId: number) =>
  (
    await runSql<{ n: number }>({
      payload: req.payload,
      req,
      query: sql`SELECT count(*)::int AS n FROM chat_messages WHERE author_id = ${userId}`,
    })
  ).rows[0]?.n ?? 0
