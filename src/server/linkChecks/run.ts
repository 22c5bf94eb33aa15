import 'server-only'

import { randomUUID } from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'

import { isCheckedAddress } from '@/lib/linkChecks'
import { expireResourcePages } from '@/server/cacheExpiryBus'
import { inTransaction } from '@/server/db'
import { env, serverUrl, siteName } from '@/server/env'
import {
  type CheckRow,
  forgetUnlistedStates,
  listPublishedLinks,
  recordChecks,
  releaseLinkCheckLease,
  takeLinkCheckLease,
} from '@/server/sql/linkChecks'

import { type ProbeOptions, type ProbeResult, probeLink } from './probe'

/** The checker's settings from the environment (README, "Link checks"). */
export const linkCheckSettings = (): ProbeOptions & { concurrency: number } => ({
  timeoutMs: env().LINK_CHECK_TIMEOUT_MS,
  concurrency: env().LINK_CHECK_CONCURRENCY,
  allowPrivate: env().LINK_CHECK_ALLOW_PRIVATE,
  userAgent: `${siteName}LinkCheck/1.0 (+${serverUrl()}/about-us)`,
})

export type LinkCheckRun = { checked: number; flipped: number[]; skipped: boolean }

/** How long a run may hold the monitor's lease: a run that died lets the next one in after it. */
export const LINK_CHECK_LEASE_SECONDS = 60 * 60

/**
 * One run of the monitor: every published resource's addresses, each address asked once however
 * many resources list it, `concurrency` at a time. A run never overlaps another (the monitor's
 * lease: a second run that finds it held does nothing), holds no connection while it waits on the
 * network, and records its results in one short transaction. The pages of resources whose shown
 * state changed are expired afterwards, in this process, the shared page cache and every other
 * instance.
 */
export const runLinkChecks = async ({
  payload,
  settings = linkCheckSettings(),
  resourceIds,
}: {
  payload: Payload
  settings?: ProbeOptions & { concurrency: number }
  /** Only these resources (a check asked for some; the tests' own): every published one if not given. */
  resourceIds?: number[]
}): Promise<LinkCheckRun> => {
  const holder = randomUUID()
  if (!(await takeLinkCheckLease({ payload, holder, seconds: LINK_CHECK_LEASE_SECONDS }))) {
    return { checked: 0, flipped: [], skipped: true }
  }
  let outcome: LinkCheckRun
  try {
    const links = (await listPublishedLinks({ payload, resourceIds })).filter((link) =>
      isCheckedAddress(link.url),
    )
    const urls = [...new Set(links.map((link) => link.url))]
    const results = await checkAll({ urls, settings })
    const checks: CheckRow[] = links.map((link) => ({ ...link, ...results.get(link.url)! }))
    const req = { payload, context: {} } as unknown as PayloadRequest
    const flipped = await inTransaction(req, async () => {
      const moved = await recordChecks({ payload, req, checks })
      await forgetUnlistedStates({ payload, req })
      return moved
    })
    outcome = { checked: urls.length, flipped, skipped: false }
  } finally {
    await releaseLinkCheckLease({ payload, holder })
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
