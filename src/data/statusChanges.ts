import 'server-only'

import type { Payload } from 'payload'

import { type Locale, otherLocale } from '@/i18n/routing'
import type { PublicStatus } from '@/lib/publicStatus'
import { CACHE_TAGS } from '@/server/cacheTags'
import { cachedRead } from '@/server/publicCache'
import { relationId } from '@access/resources'
import type { Resource, ResourceStatusChange } from '@payload-types'

import { getPayload } from './payload'
import { pickLocale } from './views/content'
import { resourcePath } from './views/resources'

/** A change of a resource's public status as the site shows it (never who made it). */
export type StatusChangeView = {
  id: number
  resource_id: number
  from: PublicStatus
  to: PublicStatus
  reason: string | null
  /** The reason's language: the reader's, or the other one when admins wrote it only there. */
  reason_lang: Locale
  created_at: string
}

type Row = Pick<ResourceStatusChange, 'id' | 'resource' | 'from' | 'to' | 'reason' | 'createdAt'>

const view = (row: Row, reasonLang: Locale): StatusChangeView => ({
  id: row.id,
  resource_id: relationId(row.resource) ?? 0,
  from: row.from,
  to: row.to,
  reason: row.reason || null,
  reason_lang: reasonLang,
  created_at: row.createdAt,
})

/**
 * The rows as the site shows them in `locale`: read with the config's fallback, a reason admins
 * wrote only in the other language is shown in it, and says so. One more query tells which
 * reasons the reader's language has.
 */
const withReasons = async ({
  payload,
  rows,
  locale,
}: {
  payload: Payload
  rows: Row[]
  locale: Locale
}): Promise<StatusChangeView[]> => {
  const withReason = rows.filter((row) => row.reason).map((row) => row.id)
  const own = new Set<number>()
  if (withReason.length) {
    const { docs } = await payload.find({
      collection: 'resource-status-changes',
      where: { id: { in: withReason } },
      depth: 0,
      locale,
      fallbackLocale: false,
      pagination: false,
      overrideAccess: true,
      select: { reason: true },
    })
    for (const doc of docs) if (doc.reason) own.add(doc.id)
  }
  // Read with the fallback, a reason not in the reader's language is in the other one.
  return rows.map((row) => view(row, !row.reason || own.has(row.id) ? locale : otherLocale(locale)))
}

const STATUS_CHANGE_FIELDS = {
  resource: true,
  from: true,
  to: true,
  reason: true,
  createdAt: true,
} as const

/** The status changes of some resources, newest first (what the site itself reads). */
const findStatusChanges = async ({
  payload,
  resourceIds,
  locale,
  limit,
}: {
  payload: Payload
  resourceIds: number[]
  locale: Locale
  limit?: number
}) => {
  if (!resourceIds.length) return []
  const { docs } = await payload.find({
    collection: 'resource-status-changes',
    where: { resource: { in: resourceIds } },
    sort: ['-createdAt', '-id'],
    depth: 0,
    locale,
    pagination: false,
    ...(limit ? { limit } : {}),
    overrideAccess: true,
    select: STATUS_CHANGE_FIELDS,
  })
  return withReasons({ payload, rows: docs, locale })
}

/**
 * A change read with its reason in each language written (the resource page's one read): the
 * reader's, else the other one, which the view then names.
 */
export const statusChangeWithReasons = (
  row: Omit<Row, 'reason' | 'createdAt'> & {
    created_at: string
    reasons: Partial<Record<Locale, string>> | null
  },
  locale: Locale,
): StatusChangeView => {
  const reasonIn = pickLocale({ locale, main: row.reasons })
  return view(
    {
      ...row,
      reason: row.reasons?.[reasonIn] ?? null,
      createdAt: new Date(row.created_at).toISOString(),
    },
    reasonIn,
  )
}

/** The latest status change of each of these resources, by resource id (a user's favourites). */
export const latestStatusChanges = async ({
  resourceIds,
  locale,
}: {
  resourceIds: number[]
  locale: Locale
}) => {
  const rows = await findStatusChanges({ payload: await getPayload(), resourceIds, locale })
  const latest = new Map<number, StatusChangeView>()
  for (const row of rows) if (!latest.has(row.resource_id)) latest.set(row.resource_id, row)
  return latest
}

/** How many changes a status feed holds. */
export const STATUS_FEED_SIZE = 50

export type StatusFeedItem = StatusChangeView & { title: string; path: string }

/** The newest status changes of published resources, titles in `locale` (the public feeds). */
export const readStatusFeed = async ({ locale }: { locale: Locale }): Promise<StatusFeedItem[]> => {
  const payload = await getPayload()
  const { docs } = await payload.find({
    collection: 'resource-status-changes',
    where: { 'resource.status': { equals: 'published' } },
    sort: ['-createdAt', '-id'],
    depth: 1,
    locale,
    limit: STATUS_FEED_SIZE,
    overrideAccess: true,
    select: STATUS_CHANGE_FIELDS,
    populate: { resources: { title: true, slug: true, type: true } },
  })
  const rows = docs.filter((row) => typeof row.resource === 'object' && row.resource !== null)
  const views = await withReasons({ payload, rows, locale })
  return views.map((change, i) => {
    const resource = rows[i]!.resource as Pick<Resource, 'title' | 'slug' | 'type'>
    return { ...change, title: resource.title, path: resourcePath(resource) }
  })
}

/** `readStatusFeed`, cached and expired by every resource's write. */
export const listStatusFeed = cachedRead('listStatusFeed', readStatusFeed, () => [
  CACHE_TAGS.statusFeed,
])
