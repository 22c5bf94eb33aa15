import 'server-only'

import { randomUUID } from 'node:crypto'

import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external'
import type { Payload } from 'payload'
import pg from 'pg'

import { CACHE_TAGS } from '@/server/cacheTags'
import { databaseUrl } from '@/server/env'
import { listenOn } from '@/server/sql/connection'
import { announceCacheExpiry } from '@/server/sql/statements'

/**
 * Cached pages and reads across processes. A write expires the tags it touches in the process
 * that made it (Next's `revalidateTag`); every other process that serves the site (another
 * instance, or this one while `npm run seed` or a script writes from its own process) hears the
 * tags here, through PostgreSQL's LISTEN/NOTIFY, once the write has committed, and expires them
 * too. Without it such a page stayed as it was until its time ran out: the home page rendered
 * before the seed showed an empty catalogue for a minute, and again when regenerated from reads
 * cached as long.
 */

const CHANNEL = 'cache_expiry'
/** The listening connection's name in pg_stat_activity. */
export const CACHE_LISTENER_NAME = 'obzor-cache-listener'
/**
 * Who announced: a process skips what it announced itself (it has expired those already). Kept on
 * `globalThis`, as each route's bundle may hold its own copy of this module.
 */
const SELF: string = ((globalThis as Record<symbol, string>)[Symbol.for('obzor.cacheBusId')] ??=
  randomUUID())
/** A notice holds at most 8000 bytes: longer lists of tags go in several. */
const NOTICE_MAX = 7000

/**
 * How a write's pages come back: `now`, the next visit renders them (what a visitor must not be
 * shown again: a status warning, a hidden review); `background`, the next visit is served the
 * page as it was while one render refreshes it (a new review or vote: nobody waits for a render).
 */
export type Refresh = 'now' | 'background'

/** Marks a notice whose tags are to be refreshed in the background; no tag is ever this word. */
const BACKGROUND = '~'

/** Tells the other processes the tags a committed write expired; a failure only delays them. */
export const announceExpiredTags = async (
  payload: Payload,
  tags: string[],
  refresh: Refresh = 'now',
) => {
  const head = refresh === 'background' ? `${SELF} ${BACKGROUND}` : SELF
  let notice = head
  const notices: string[] = []
  for (const tag of tags) {
    if (notice.length + tag.length + 1 > NOTICE_MAX) {
      notices.push(notice)
      notice = head
    }
    notice += ` ${tag}`
  }
  if (notice !== head) notices.push(notice)
  for (const each of notices) {
    await announceCacheExpiry({ payload, channel: CHANNEL, notice: each }).catch(() => {
      // The database is away: the other processes read afresh when the pages' time runs out.
    })
  }
}

/** The shared page cache's store when this server has one (src/server/pageCache, REDIS_URL). */
const sharedPageCache = () =>
  (globalThis as { [key: symbol]: { expireTags?: (tags: string[]) => Promise<unknown> } })[
    Symbol.for('obzor.sharedPageCache')
  ]

/**
 * Marks `tags` expired in this process's Next cache, as `revalidateTag(tag, { expire: 0 })` does
 * inside a request (which a notice is not): the next visit renders the pages that read them. With
 * a shared page cache, in Redis too: the scripts and the seed write without one, and an instance
 * started later reads Redis, not this process's manifest.
 */
export const expireInThisProcess = (tags: string[]) => {
  const now = Date.now()
  for (const tag of tags) {
    tagsManifest.set(tag, { ...tagsManifest.get(tag), stale: now, expired: now })
  }
  void sharedPageCache()?.expireTags?.(tags)
}

/**
 * Expires resources' pages from a job (the link checks, the rates fetcher), which runs outside any
 * request (Next's revalidateTag needs one): in this process and the shared page cache, then
 * announced to the other processes.
 */
export const expireResourcePages = async (payload: Payload, resourceIds: number[]) => {
  if (!resourceIds.length) return
  const tags = resourceIds.map((id) => CACHE_TAGS.resource(id))
  expireInThisProcess(tags)
  await announceExpiredTags(payload, tags)
}

/**
 * Marks `tags` stale in this process's Next cache, as `revalidateTag(tag, 'max')` would but
 * keeping an expiry already passed (a hard expiry before stays one): a page that read them is
 * served once more as it is while Next renders it again in the background, and that render reads
 * its cached reads afresh (Next waits for fresh data where the result is cached again). Nothing
 * changes in Redis: the stale mark is each process's, through this bus.
 */
export const markStaleInThisProcess = (tags: string[]) => {
  const now = Date.now()
  for (const tag of tags) tagsManifest.set(tag, { ...tagsManifest.get(tag), stale: now })
}

const RETRY_MIN_MS = 200
const RETRY_MAX_MS = 5000

/**
 * Listens for the tags other processes expire, and hands them to `onExpired`; reconnects by
 * itself with back-off (a notice sent while away is lost: the pages' time limit covers it).
 */
export const listenForExpiredTags = (onExpired: (tags: string[], refresh: Refresh) => void) => {
  let delay = RETRY_MIN_MS
  const retry = () => {
    setTimeout(() => void connect(), delay).unref()
    delay = Math.min(delay * 2, RETRY_MAX_MS)
  }
  const connect = async () => {
    const client = new pg.Client({
      connectionString: databaseUrl(),
      application_name: CACHE_LISTENER_NAME,
    })
    let lost = false
    const onLost = () => {
      if (lost) return
      lost = true
      client.end().catch(() => {})
      retry()
    }
    // A lost connection is an event: unheard, it would end the process.
    client.on('error', onLost)
    client.on('end', onLost)
    client.on('notification', ({ channel, payload }) => {
      if (channel !== CHANNEL || !payload) return
      const [from, ...words] = payload.split(' ')
      const refresh: Refresh = words[0] === BACKGROUND ? 'background' : 'now'
      const tags = refresh === 'background' ? words.slice(1) : words
      if (from !== SELF && tags.length) onExpired(tags, refresh)
    })
    try {
      await client.connect()
      await listenOn(client, [CHANNEL])
      delay = RETRY_MIN_MS
    } catch {
      onLost()
    }
  }
  void connect()
}
