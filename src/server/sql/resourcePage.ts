import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/routing'
import type { PublicStatus } from '@/lib/publicStatus'

import { type LinkHealthRow, linkHealthQuery } from './linkChecks'
import { runSql } from './run'

/** What a resource page shows beside the resource and its reviews, as the database has it. */
export type ResourcePageExtrasRow = {
  /** The newest signed mirror list, or null. */
  signed_list: {
    id: number
    message: string
    signed_at: string | null
    fingerprint: string | null
    addresses: unknown
  } | null
  /** Each address the resource lists, with its availability. */
  link_health: LinkHealthRow[]
  /** Its public status changes, newest first, each with its reason in each language written. */
  status_changes: {
    id: number
    from: PublicStatus
    to: PublicStatus
    created_at: string
    reasons: Partial<Record<Locale, string>> | null
  }[]
}

/**
 * The resource page's signed list, addresses' health and status history in one statement (a
 * first visit's cost is counted in statements: bench/README.md). Each part reads as its own page
 * of the API does: the newest list as `findLatestList`, the health as `readLinkHealth`, the
 * changes as the status feeds.
 */
export const readResourcePageExtras = async ({
  payload,
  resourceId,
}: {
  payload: Payload
  resourceId: number
}): Promise<ResourcePageExtrasRow> => {
  const { rows } = await runSql<ResourcePageExtrasRow>({
    payload,
    query: sql`
      SELECT
        (SELECT row_to_json(s) FROM (
           SELECT id, message, signed_at, fingerprint, addresses FROM signed_mirror_lists
           WHERE resource_id = ${resourceId}
           ORDER BY signed_at DESC, created_at DESC LIMIT 1) s) AS signed_list,
        (SELECT coalesce(json_agg(h), '[]') FROM (${linkHealthQuery(resourceId)}) h) AS link_health,
        (SELECT coalesce(json_agg(c ORDER BY c.created_at DESC, c.id DESC), '[]') FROM (
           SELECT c.id, c."from", c."to", c.created_at,
             (SELECT json_object_agg(l._locale, l.reason) FROM resource_status_changes_locales l
              WHERE l._parent_id = c.id AND l.reason IS NOT NULL AND l.reason <> '') AS reasons
           FROM resource_status_changes c WHERE c.resource_id = ${resourceId}) c) AS status_changes`,
  })
  return rows[0]!
}
