import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/routing'
import type { InvitationCounts } from '@/lib/invitations'

import { runSql } from './run'

/**
 * The review invitations' statements (collections/ReviewInvitations.ts). Each is one conditional
 * statement, so two requests at once cannot both open or both spend one invitation.
 */

/**
 * Spends the invitation whose token hashes to `tokenHash` for a review of `resourceId`, in the
 * review's transaction: only an unused, unexpired invitation of that resource. A second request
 * waits on the row and then finds it used. True when this call spent it.
 */
export const spendInvitation = async (
  req: PayloadRequest,
  { tokenHash, resourceId }: { tokenHash: string; resourceId: number },
) => {
  const { rowCount } = await runSql({
    payload: req.payload,
    req,
    query: sql`UPDATE review_invitations SET used_at = now(), updated_at = now()
               WHERE token_hash = ${tokenHash} AND resource_id = ${resourceId}
                 AND used_at IS NULL AND expires_at > now()`,
  })
  return rowCount === 1
}

/** Records the first opening of an invitation's link; true the first time only. */
export const markInvitationOpened = async ({
  payload,
  tokenHash,
}: {
  payload: Payload
  tokenHash: string
}) => {
  const { rowCount } = await runSql({
    payload,
    query: sql`UPDATE review_invitations SET opened_at = now(), updated_at = now()
               WHERE token_hash = ${tokenHash} AND opened_at IS NULL`,
  })
  return rowCount === 1
}

/** A resource's invitations: made, opened, and spent on a review. */
export const invitationCounts = async ({
  payload,
  req,
  resourceId,
}: {
  payload: Payload
  req?: PayloadRequest
  resourceId: number
}): Promise<InvitationCounts> => {
  const { rows } = await runSql<{ sent: string; opened: string; reviewed: string }>({
    payload,
    req,
    query: sql`SELECT count(*) AS sent, count(opened_at) AS opened, count(used_at) AS reviewed
               FROM review_invitations WHERE resource_id = ${resourceId}`,
  })
  const row = rows[0]
  return {
    sent: Number(row?.sent ?? 0),
    opened: Number(row?.opened ?? 0),
    reviewed: Number(row?.reviewed ?? 0),
  }
}

/** Records an address's wish for no more invitations (its hash); true the first time. */
export const recordInvitationOptOut = async ({
  payload,
  req,
  addressHash,
}: {
  payload: Payload
  req?: PayloadRequest
  addressHash: string
}) => {
  const { rowCount } = await runSql({
    payload,
    req,
    query: sql`INSERT INTO invitation_opt_outs (address_hash) VALUES (${addressHash})
               ON CONFLICT (address_hash) DO NOTHING`,
  })
  return rowCount === 1
}

/** Inserts a batch of single-use link invitations (their token hashes), in one statement. */
export const insertLinkInvitations = async (
  req: PayloadRequest,
  {
    resourceId,
    userId,
    locale,
    tokenHashes,
    expiresAt,
  }: {
    resourceId: number
    userId: number
    locale: Locale
    tokenHashes: string[]
    expiresAt: string
  },
) => {
  const rows = tokenHashes.map(
    (hash) =>
      sql`(${resourceId}, 'link', ${locale}::enum_review_invitations_locale, ${userId}, ${hash}, ${expiresAt}::timestamptz)`,
  )
  await runSql({
    payload: req.payload,
    req,
    query: sql`INSERT INTO review_invitations (resource_id, kind, locale, created_by_id, token_hash, expires_at)
               VALUES ${sql.join(rows, sql`, `)}`,
  })
}
