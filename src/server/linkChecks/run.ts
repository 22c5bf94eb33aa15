import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import { isOverlayNetworkAddress } from '@/lib/linkChecks'
import { announceExpiredTags, expireInThisProcess } from '@/server/cacheExpiryBus'
import { CACHE_TAGS } from '@/server/cacheTags'
import { serverUrl, siteName } from '@/server/env'
import {
  type CheckRow,
  forgetUnlistedStates,
  listPublishedLinks,
  recordChecks,
  tryLinkCheckLock,
} from '@/server/sql/linkChecks'

import { type ProbeOptions, type ProbeResult, probeLink } from './probe'

/** The checker's settings from the environment (README, "Link checks"). */
export const linkCheckSettings = (): ProbeOptions & { concurrency: number } => ({
  timeoutMs: positive(process.env.LINK_CHECK_TIMEOUT_MS, 8000),
  concurrency: positive(process.env.LINK_CHECK_CONCURRENCY, 4),
  allowPrivate: process.env.LINK_CHECK_ALLOW_PRIVATE === 'true',
  userAgent: `${siteName}LinkCheck/1.0 (+${serverUrl()}/about-us)`,
})

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : fallback
}

export type LinkCheckRun = { checked: number; flipped: number[]; skipped: boolean }

/**
 * One run of the monitor: every published resource's addresses, each address asked once however
 * many resources list it, `concurrency` at a time. A run never overlaps another (a
 * transaction-long advisory lock: a second run that finds it taken does nothing), and its results
 * commit together. The pages of resources whose shown state changed are expired afterwards, in
 * this process, the shared page cache and every other instance.
 */
export const runLinkChecks = async ({
  payload,
  settings = linkCheckSettings(),
}: {
  payload: Payload
  settings?: ProbeOptions & { concurrency: number }
}): Promise<LinkCheckRun> => {
  const transactionID = await payload.db.beginTransaction()
  const req = { payload, transactionID: transactionID ?? undefined } as Partial<PayloadRequest>
  let outcome: LinkCheckRun
  try {
    if (!(await tryLinkCheckLock({ payload, req }))) {
      if (transactionID) await payload.db.rollbackTransaction(transactionID)
      return { checked: 0, flipped: [], skipped: true }
    }
    const links = (await listPublishedLinks({ payload, req })).filter(
      (link) => !isOverlayNetworkAddress(link.url),
    )
    const urls = [...new Set(links.map((link) => link.url))]
    const results = await checkAll({ urls, settings })
    const checks: CheckRow[] = links.map((link) => ({ ...link, ...results.get(link.url)! }))
    const flipped = await recordChecks({ payload, req, checks })
    await forgetUnlistedStates({ payload, req })
    if (transactionID) await payload.db.commitTransaction(transactionID)
    outcome = { checked: urls.length, flipped, skipped: false }
  } catch (error) {
    if (transactionID) await payload.db.rollbackTransaction(transactionID)
    throw error
  }
  await expireResourcePages(payload, outcome.flipped)
  return outcome
}

/** Asks each address once, at most `concurrency` at a time. */
const checkAll = async ({
  urls,
  settings,
}: {
  urls: string[]
  settings: ProbeOptions & { concurrency: number }
}) => {
  const results = new Map<string, ProbeResult & { checked_at: string }>()
  let next = 0
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]
      const result = await probeLink(url, settings)
      results.set(url, { ...result, checked_at: new Date().toISOString() })
    }
  }
  await Promise.all(Array.from({ length: Math.min(settings.concurrency, urls.length) }, worker))
  return results
}

/**
 * A job runs outside any request (Next's revalidateTag needs one), so the tags are marked expired
 * as the other processes' notices are: in this process and the shared page cache, then announced.
 */
const expireResourcePages = async (payload: Payload, resourceIds: number[]) => {
  if (!resourceIds.length) return
  const tags = resourceIds.map((id) => CACHE_TAGS.resource(id))
  expireInThisProcess(tags)
  await announceExpiredTags(payload, tags)
}
