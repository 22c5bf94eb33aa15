import 'server-only'

import { revalidateTag, unstable_cache } from 'next/cache'
import type { Payload, PayloadRequest } from 'payload'

import { DIRECTORY_CACHE_SECONDS } from '@/lib/limits'

import { announceExpiredTags, expireInThisProcess, listenForExpiredTags } from './cacheExpiryBus'
import { readFromPrimary } from './primaryReads'

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

/** The tags expired inside each open transaction, expired again when it commits. */
const awaitingCommit = new Map<TransactionId, Set<string>>()

/**
 * Expires the cached reads carrying these tags, and the pages made from them, and notes them on
 * the request, whose hooks run inside its transaction: a page read before the commit could cache
 * the old state again, so they are expired once more when the transaction commits, whichever
 * door the write came through (`expireAgainOnCommit`); a site call does it too before it answers
 * (`expireAgainAfterCommit`).
 */
export const expireCacheTags = ({ req, tags }: { req: PayloadRequest; tags: string[] }) => {
  const expired = (req.context[EXPIRED_TAGS] ??= new Set<string>()) as Set<string>
  for (const tag of tags) expired.add(tag)
  const transaction = req.transactionID
  if (typeof transaction === 'number' || typeof transaction === 'string') {
    const waiting = awaitingCommit.get(transaction) ?? new Set<string>()
    for (const tag of tags) waiting.add(tag)
    awaitingCommit.set(transaction, waiting)
  } else {
    // No transaction: the write is committed already.
    void announceExpiredTags(req.payload, tags)
  }
  expire(tags)
}

/** The tags that wait for the transaction `id` to commit (none once it has ended). */
export const tagsAwaitingCommit = (id: TransactionId) => [...(awaitingCommit.get(id) ?? [])]

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
    const tags = awaitingCommit.get(key)
    awaitingCommit.delete(key)
    if (!tags || !expireTags) return
    expire([...tags])
    await announceExpiredTags(payload, [...tags])
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
  listenForExpiredTags((tags) => {
    for (const listener of expiryListeners) listener()
    expireInThisProcess(tags)
  })
}

/** Expires again what the request's writes expired, now that they are visible. */
export const expireAgainAfterCommit = (req: PayloadRequest) => expire(expiredTagsOf(req))

/** The tags the request's writes have expired so far. */
export const expiredTagsOf = (req: PayloadRequest) => [
  ...((req.context[EXPIRED_TAGS] as Set<string> | undefined) ?? []),
]

const expiryListeners = new Set<() => void>()

/**
 * Calls `listener` at every expiry on this instance: for caches of the process's own (search
 * results) that must forget what a write changed, as Next's do. Answers a function that stops it.
 */
export const onCacheExpiry = (listener: () => void) => {
  expiryListeners.add(listener)
  return () => {
    expiryListeners.delete(listener)
  }
}

/**
 * Expires `tags` in this process. Inside a request, `revalidateTag` expires them when the request
 * ends; a write outside a live request has no such end: a job of this server's own queue (a
 * scheduled publication, whose runner was started inside the first page's request and keeps its
 * finished context) or a notice. Such a page stayed cached until its time ran out (a scheduled
 * news item came out on its instance a minute late), so a Next server also marks the tags expired
 * in its cache at once. Outside a Next server (scripts, tests, the seed) there is no Next cache to
 * expire, and Next says so by throwing: that is ignored.
 */
const expire = (tags: string[]) => {
  if (!tags.length) return
  for (const listener of expiryListeners) listener()
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 })
  } catch {
    // not inside a request, or not inside Next
  }
  if (process.env.NEXT_RUNTIME) expireInThisProcess(tags)
}
