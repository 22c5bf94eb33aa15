import 'server-only'

import type { ShownStatus } from '@/lib/publicStatus'
import { isStale } from '@/lib/rateOffers'
import { type RateFeedError, type RateRefusal, RATES_STALE_SECONDS } from '@/lib/rates'
import { readRateFeedHealth } from '@/server/sql/rateFeedHealth'
import { managedResourcesOrAll } from '@access/resources'
import type { User } from '@payload-types'

import type { Reader } from './reader'

/**
 * Where an exchanger's feed stands: none set; set but not fetched (the resource is not
 * published, not verified, or marked with a status: `offersRates`' conditions, in that order);
 * waiting for its first fetch; fetched with fresh rates; failing (the last fetch found no valid
 * rates); or stale (no valid rates for RATES_STALE_SECONDS, so out of the pages' best offers).
 */
export const RATE_FEED_STATES = [
  'not-set',
  'unpublished',
  'unverified',
  'marked',
  'waiting',
  'ok',
  'failing',
  'stale',
] as const
export type RateFeedState = (typeof RATE_FEED_STATES)[number]

/** An exchanger's feed health as its owner's panel shows it (GET /rates-feed-health). */
export type RateFeedHealth = {
  resource_id: number
  feed: string | null
  state: RateFeedState
  /** The status mark that keeps it from being fetched (state `marked`). */
  public_status: ShownStatus | null
  fetched_at: string | null
  /** When the feed last gave valid rates; older than `stale_after` seconds, they are stale. */
  fresh_at: string | null
  changed_at: string | null
  error: RateFeedError | null
  http_status: number | null
  ms: number | null
  bytes: number | null
  accepted: number
  refused: number
  refusals: RateRefusal[]
  /** Its offers as the pages show them. */
  offers: number
  stale_after: number
  /** When this was read: what "… ago" counts from, the same on the server and in the browser. */
  read_at: string
}

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)

const stateOf = (row: Awaited<ReturnType<typeof readRateFeedHealth>>[number], now: number) => {
  if (!row.rates_feed) return 'not-set'
  if (row.status !== 'published') return 'unpublished'
  if (!row.verified) return 'unverified'
  if (!row.offers_rates) return 'marked'
  if (!row.fetched_at) return 'waiting'
  if (!row.ok) return 'failing'
  return isStale(iso(row.fresh_at), now) ? 'stale' : 'ok'
}

/**
 * The feed health of the exchangers among `resourceIds` that `user` manages (admins: all), in
 * that order; the others (not theirs, not exchangers, missing) are left out, so a caller cannot
 * tell them apart.
 */
export const rateFeedHealth = async ({
  payload,
  req,
  user,
  resourceIds,
}: Reader & { user: User; resourceIds: number[] }): Promise<RateFeedHealth[]> => {
  const managed = managedResourcesOrAll(user)
  if (!managed || user.blocked || !resourceIds.length) return []
  const { docs } = await payload.find({
    collection: 'resources',
    where: { and: [managed, { id: { in: resourceIds } }, { type: { equals: 'exchanger' } }] },
    select: { type: true },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const rows = await readRateFeedHealth({ payload, req, resourceIds: docs.map((doc) => doc.id) })
  const now = Date.now()
  return rows.map((row) => ({
    resource_id: row.id,
    feed: row.rates_feed || null,
    state: stateOf(row, now),
    public_status:
      row.public_status && row.public_status !== 'none' ? (row.public_status as ShownStatus) : null,
    fetched_at: iso(row.fetched_at),
    fresh_at: iso(row.fresh_at),
    changed_at: iso(row.changed_at),
    error: (row.error as RateFeedError | null) ?? null,
    http_status: row.http_status,
    ms: row.ms,
    bytes: row.bytes,
    accepted: row.accepted ?? 0,
    refused: row.refused ?? 0,
    refusals: Array.isArray(row.refusals) ? (row.refusals as RateRefusal[]) : [],
    offers: row.offers,
    stale_after: RATES_STALE_SECONDS,
    read_at: new Date(now).toISOString(),
  }))
}
