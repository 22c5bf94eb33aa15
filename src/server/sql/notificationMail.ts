import 'server-only'

import { sql } from 'drizzle-orm'
import type { PayloadRequest } from 'payload'

import { runSql } from './run'

/** The daily digest's lock: one run at a time, however many workers run the queue. */
const NOTIFICATION_DIGEST_LOCK = 7_432_301

/**
 * Claims every notification waiting for the digest, in the request's transaction and under a
 * transaction-long advisory lock: a second run started meanwhile waits for this one's commit, then
 * finds them no longer waiting, so each is mailed at most once. One read on the site before the
 * digest is not mailed (`none`: its recipient has seen it); the others become `sent`. Answers the
 * claimed unread ones, oldest first.
 */
export const claimDigestNotifications = async (req: PayloadRequest) => {
  await runSql({
    payload: req.payload,
    req,
    query: sql`select pg_advisory_xact_lock(${NOTIFICATION_DIGEST_LOCK})`,
  })
  const { rows } = await runSql<{ id: number; recipient: number }>({
    payload: req.payload,
    req,
    query: sql`UPDATE notifications
      SET mail = (CASE WHEN read_at IS NULL THEN 'sent' ELSE 'none' END)::enum_notifications_mail,
          mailed_at = CASE WHEN read_at IS NULL THEN now() ELSE NULL END,
          updated_at = now()
      WHERE mail = 'digest'
      RETURNING id, recipient_id AS recipient, read_at IS NULL AS unread`,
  })
  return (rows as { id: number; recipient: number; unread: boolean }[])
    .filter((row) => row.unread)
    .map(({ id, recipient }) => ({ id: Number(id), recipient: Number(recipient) }))
    .sort((a, b) => a.id - b.id)
}

/** Notifications claimed for a digest that is not sent after all (the recipient is blocked, or now wants none). */
export const markNotMailed = async (req: PayloadRequest, ids: number[]) => {
  if (!ids.length) return
  await runSql({
    payload: req.payload,
    req,
    query: sql`UPDATE notifications SET mail = 'none', mailed_at = NULL, updated_at = now()
      WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  })
}
