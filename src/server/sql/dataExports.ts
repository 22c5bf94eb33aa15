import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import { runSql } from './run'

/**
 * Spends the download link `token` of the member `userId`: the archive's id when it was ready, not
 * downloaded and not expired, else null. One statement, so a link raced by two requests serves
 * one of them.
 */
export const spendDataExportLink = async ({
  payload,
  req,
  userId,
  token,
}: {
  payload: Payload
  req?: Partial<PayloadRequest>
  userId: number
  token: string
}) => {
  const { rows } = await runSql<{ id: number }>({
    payload,
    req,
    query: sql`UPDATE data_exports SET downloaded_at = now()
      WHERE token = ${token} AND user_id = ${userId} AND status = 'ready'
        AND downloaded_at IS NULL AND expires_at > now()
      RETURNING id`,
  })
  return rows[0]?.id ?? null
}
