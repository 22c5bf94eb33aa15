import 'server-only'

import { revalidateTag, unstable_cache } from 'next/cache'
import type { Payload, PayloadRequest } from 'payload'

import { DIRECTORY_CACHE_SECONDS } from '@/lib/limits'

import {
  type Refresh,
  announceExpiredTags,
  expireInThisProcess,
  listenForExpiredTags,
  markStaleInThisProcess,
} from './cacheExpiryBus'
import { readFromPrimary } from './primaryReads'

export type { Refresh }

/** Where a request keeps the tags its writes expired, to expire them again after the commit. */
const EXPIRED_TAGS = 'expiredCacheTags'

/**
 * A public, user-independent read kept in Next's data cache, keyed by its name and arguments and
 * tagged by what it shows (`tagsOf`, from src/server/cacheTags.ts). Writes expire its tags at once
 * (`expireCacheTags`), in this process and, once committed, in every other that serves the site
 * (`followOtherProcesses`); the time limit is for a notice lost while the database was away.
 * It reads from the primary: a read replica a moment behind would keep the old state in the cache
 * under the tags the write has just expired.
 */
export const cachedRead =
  <Args extends unknown[], Result>(
    name: string,
    read: (...args: Args) => Promise<Result>,
    tagsOf: (...args: Args) => string[],
  ) =>
  (...args: Args) =>
    // unstable_cache takes its tags when it is made, so a read tagged by its arguments is made
    // per call; its key (the name, the function's text, the arguments) is the same every time.
    unstable_cache((...values: Args) => readFromPrimary(() => read(...values)), [name], {
      tags: tagsOf(...args),
      revalidate: DIRECTORY_CACHE_SECONDS,
    })(...args)

type TransactionId = number | string

/** Tags and how their pages come back; `now` wins over `background` for a tag named twice. */
type Expiry = Map<string, Refresh>

const note = (expiry: Expiry, tags: string[], refresh: Refresh) => {
  for (const tag of tags) if (expiry.get(tag) !== 'now') expiry.set(tag, refresh)
  return expiry
}

/** The tags expired inside each open transaction, expired again when it commits. */
const awaitingCommit = new Map<TransactionId, Expiry>()

/**
 * Expires the cached reads carrying these tags, and the pages made from them, and notes them on
 * the request, whose hooks run inside its transaction: a page read before the commit could cache
 * the old state again, so they are expired once more when the transaction commits, whichever
 * door the write came through (`expireAgainOnCommit`); a site call does it too before it answers
 * (`expireAgainAfterCommit`). `refresh` says whether the next visit waits for a render (`now`,
 * the default) or is served the page as it was while it is rendered again (`background`).
 */
export const expireCacheTags = ({
  req,
  tags,
  refresh = 'now',
}: {
  req: PayloadRequest
  tags: string[]
  refresh?: Refresh
}) => {
  note((req.context[EXPIRED_TAGS] ??= new Map()) as Expiry, tags, refresh)
  const transaction = req.transactionID
  if (typeof transaction === 'number' || typeof transaction === 'string') {
    awaitingCommit.set(
      transaction,
      note(awaitingCommit.get(transaction) ?? new Map(), tags, refresh),
    )
  } else {
    // No transaction: the write is committed already.
    void announce(req.payload, note(new Map(), tags, refresh))
  }
  expire(note(new Map(), tags, refresh))
}

/** The tags that wait for the transaction `id` to commit (none once it has ended). */
export const tagsAwaitingCommit = (id: TransactionId) => [...(awaitingCommit.get(id)?.keys() ?? [])]

/** Tells the other processes, each kind of refresh in its notices. */
const announce = async (payload: Payload, expiry: Expiry) => {
  for (const refresh of ['now', 'background'] as const) {
    const tags = tagsOf(expiry, refresh)
    if (tags.length) await announceExpiredTags(payload, tags, refresh)
  }
}

const tagsOf = (expiry: Expiry, refresh: Refresh) =>
  [...expiry].filter(([, kind]) => kind === refresh).map(([tag]) => tag)

/**
 * Makes every commit of Payload's database expire again the tags its transaction's writes expired
 * (REST, GraphQL, the admin and the site's calls alike); a rollback forgets them. Called once, from
 * the config's `onInit`.
 */
export const expireAgainOnCommit = (payload: Payload) => {
  const { db } = payload
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  const settle = async (id: Parameters<typeof commit>[0], expireTags: boolean) => {
    const key = await id
    const expiry = awaitingCommit.get(key)
    awaitingCommit.delete(key)
    if (!expiry || !expireTags) return
    expire(expiry)
    await announce(payload, expiry)
  }
  db.commitTransaction = async (id) => {
    await commit(id)
    await settle(id, true)
  }
  db.rollbackTransaction = async (id) => {
    try {
      await rollback(id)
    } finally {
      await settle(id, false)
    }
  }
}

const FOLLOWING = Symbol.for('obzor.followOtherProcesses')

/**
 * Expires in this server what other processes' committed writes expired (another instance, the
 * seed, a script): their tags arrive through the database (src/server/cacheExpiryBus.ts). Only a
 * Next server holds pages to expire; scripts and tests only announce. Called from the config's
 * `onInit`, once per process.
 */
export const followOtherProcesses = () => {
  const state = globalThis as { [FOLLOWING]?: boolean }
  if (!process.env.NEXT_RUNTIME || state[FOLLOWING]) return
  state[FOLLOWING] = true
  listenForExpiredTags((tags, refresh) => {
    for (const listener of expiryListeners) listener()
    if (refresh === 'background') markStaleInThisProcess(tags)
    else expireInThisProcess(tags)
  })
}

/** Expires again what the request's writes expired, now that they are visible. */
export const expireAgainAfterCommit = (req: PayloadRequest) =>
  expire((req.context[EXPIRED_TAGS] as Expiry | undefined) ?? new Map())

/** The tags the request's writes have expired so far (those of one kind of refresh if given). */
export const expiredTagsOf = (req: PayloadRequest, refresh?: Refresh) => {
  const expiry = (req.context[EXPIRED_TAGS] as Expiry | undefined) ?? new Map()
  return refresh ? tagsOf(expiry, refresh) : [...expiry.keys()]
}

const expiryListeners = new Set<() => void>()

/**
 * Calls `listener` at every expiry on this instance: for a cache of the process's own that must
 * forget what a write changed, as Next's do (the tests count expiries with it). Answers a
 * function that stops it.
 */
export const onCacheExpiry = (listener: () => void) => {
  expiryListeners.add(listener)
  return () => {
    expiryListeners.delete(listener)
  }
}

/**
 * Expires the tags in this process. Inside a request, `revalidateTag` expires them when the request
 * ends; a write outside a live request has no such end: a job of this server's own queue (a
 * scheduled publication, whose runner was started inside the first page's request and keeps its
 * finished context) or a notice. Such a page stayed cached until its time ran out (a scheduled
 * news item came out on its instance a minute late), so a Next server also marks the tags expired
 * in its cache at once. Outside a Next server (scripts, tests, the seed) there is no Next cache to
 * expire, and Next says so by throwing: that is ignored. Tags to refresh in the background are
 * only marked stale (`markStaleInThisProcess`): Next's `revalidateTag` would set their expiry too.
 */
const expire = (expiry: Expiry) => {
  if (!expiry.size) return
  for (const listener of expiryListeners) listener()
  const now = tagsOf(expiry, 'now')
  try {
    for (const tag of now) revalidateTag(tag, { expire: 0 })
  } catch {
    // not inside a request, or not inside Next
  }
  if (!process.env.NEXT_RUNTIME) return
  expireInThisProcess(now)
  markStaleInThisProcess(tagsOf(expiry, 'background'))
}
