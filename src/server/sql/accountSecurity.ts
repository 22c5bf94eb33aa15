import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import { runSql } from './run'

/**
 * The account-security statements (sessions' details, backup codes) that the Local API cannot
 * say: an upsert keyed by the session id, a "last seen" written only when it is old, a code spent
 * once. Each runs in the request's transaction when it has one.
 */

const run = <Row = Record<string, unknown>>(req: PayloadRequest, query: ReturnType<typeof sql>) =>
  runSql<Row>({ payload: req.payload, req, query })

export type SessionDetailsValues = {
  sid: string
  userId: number
  browser: string | null
  os: string | null
  deviceType: string
  deviceModel: string | null
  deviceKey: string
  address: string
}

/**
 * Records a session's device and address, first and last seen now; a session already recorded
 * is only seen again. True when the row is new.
 */
export const upsertSessionDetails = async (req: PayloadRequest, v: SessionDetailsValues) => {
  const { rows } = await run<{ inserted: boolean }>(
    req,
    sql`INSERT INTO "session_details"
          ("sid", "user_id", "browser", "os", "device_type", "device_model", "device_key",
           "address", "last_seen_at", "updated_at", "created_at")
        VALUES (${v.sid}, ${v.userId}, ${v.browser}, ${v.os}, ${v.deviceType}, ${v.deviceModel},
                ${v.deviceKey}, ${v.address}, now(), now(), now())
        ON CONFLICT ("sid") DO UPDATE SET "last_seen_at" = now(), "updated_at" = now()
        RETURNING (xmax = 0) AS "inserted"`,
  )
  return rows[0]?.inserted === true
}

/**
 * Marks a session seen now, with the address it was seen from, unless it was marked less than
 * `intervalSeconds` ago (then nothing is written); a session not yet recorded (one Payload
 * renewed, or started before this table) is recorded with this request's device.
 */
export const touchSessionDetails = async (
  req: PayloadRequest,
  v: SessionDetailsValues & { intervalSeconds: number },
) => {
  await run(
    req,
    sql`INSERT INTO "session_details"
          ("sid", "user_id", "browser", "os", "device_type", "device_model", "device_key",
           "address", "last_seen_at", "updated_at", "created_at")
        VALUES (${v.sid}, ${v.userId}, ${v.browser}, ${v.os}, ${v.deviceType}, ${v.deviceModel},
                ${v.deviceKey}, ${v.address}, now(), now(), now())
        ON CONFLICT ("sid") DO UPDATE
          SET "last_seen_at" = now(), "updated_at" = now(), "address" = EXCLUDED."address"
          WHERE "session_details"."user_id" = EXCLUDED."user_id"
            AND "session_details"."last_seen_at" < now() - make_interval(secs => ${v.intervalSeconds})`,
  )
}

/**
 * What the account's earlier sessions say of a browser: whether any other session was recorded
 * at all, and whether one was of the same browser (`deviceKey`).
 */
export const browserHistory = async (
  req: PayloadRequest,
  { userId, sid, deviceKey }: { userId: number; sid: string; deviceKey: string },
) => {
  const { rows } = await run<{ others: boolean; known: boolean }>(
    req,
    sql`SELECT
          EXISTS (SELECT 1 FROM "session_details" WHERE "user_id" = ${userId} AND "sid" <> ${sid}) AS "others",
          EXISTS (SELECT 1 FROM "session_details" WHERE "user_id" = ${userId} AND "sid" <> ${sid}
                  AND "device_key" = ${deviceKey}) AS "known"`,
  )
  return { hasOtherSessions: rows[0]?.others === true, knowsBrowser: rows[0]?.known === true }
}

/**
 * The details of sessions that ended more than `days` ago (not on any account's list, not seen
 * since): a browser unseen that long is new again. Run by the hourly sessions clean-up.
 */
export const deleteOldSessionDetails = async (payload: Payload, { days }: { days: number }) =>
  (
    await runSql({
      payload,
      query: sql`DELETE FROM "session_details" d
                 WHERE d."last_seen_at" < now() - make_interval(days => ${days})
                   AND NOT EXISTS (SELECT 1 FROM "users_sessions" s WHERE s."id" = d."sid")`,
    })
  ).rowCount

/** Spends one backup code, only if it is still unused: of two requests racing, one wins. */
export const spendBackupCodeOnce = async (req: PayloadRequest, codeId: number) => {
  const { rowCount } = await run(
    req,
    sql`UPDATE "backup_codes" SET "used_at" = now(), "updated_at" = now()
        WHERE "id" = ${codeId} AND "used_at" IS NULL`,
  )
  return rowCount === 1
}
