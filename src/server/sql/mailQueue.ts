import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import { runSql } from './run'

/**
 * The email queue's own bookkeeping on Payload's jobs table (src/server/mailQueue.ts). Each runs
 * on a connection of its own, outside any transaction: what it records holds at once.
 */

/** The Message-ID a mail's job was sent with, or null: not sent yet. */
export const sentMessageIdOf = async (payload: Payload, jobId: number | string) =>
  (
    await runSql<{ messageId: string | null }>({
      payload,
      query: sql`SELECT meta ->> 'sentMessageId' AS "messageId" FROM payload_jobs WHERE id = ${jobId}`,
    })
  ).rows[0]?.messageId ?? null

/** Records that the mail of a job has been accepted by the mail server, with its Message-ID. */
export const recordMailSent = (payload: Payload, jobId: number | string, messageId: string) =>
  runSql({
    payload,
    query: sql`UPDATE payload_jobs
      SET meta = coalesce(meta, '{}'::jsonb) || jsonb_build_object('sentMessageId', ${messageId}::text)
      WHERE id = ${jobId}`,
  })
