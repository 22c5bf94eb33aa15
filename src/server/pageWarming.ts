import 'server-only'

import type { Payload, TaskConfig } from 'payload'

import { LOCALES, localizedPath } from '@/i18n/routing'
import { RESOURCE_TYPE_VALUES, listingPath, resourcePath } from '@/lib/resourceTypes'

import { pageWarmingUrl } from './env'
import { mostVisitedResources } from './sql/pageWarming'

export const PAGE_WARMING_TASK = 'warmPages'

/** Where the last warmed build is kept (Payload's key-value store, in the database). */
const WARMED_KEY = 'page-warming'
/** Resource pages warmed per type and language: the most viewed of the last week. */
export const PAGE_WARMING_RESOURCES = 20
const VIEWS_DAYS = 7
/** Pages asked for at once: a render each, beside the visitors'. */
const CONCURRENCY = 2
const ANSWER_MS = 30_000

/** The pages to warm, in the order visitors need them: home, listings and news, then resources. */
export const pagesToWarm = async (payload: Payload) => {
  const resources = await mostVisitedResources({
    payload,
    perType: PAGE_WARMING_RESOURCES,
    days: VIEWS_DAYS,
  })
  const paths = [
    '/',
    ...RESOURCE_TYPE_VALUES.map(listingPath),
    '/news',
    ...resources.map(resourcePath),
  ]
  return paths.flatMap((path) => LOCALES.map((locale) => localizedPath(locale, path)))
}

type Warmed = { build: string; at: string; pages: number; failed: number }

/**
 * After a deploy, renders the most visited pages of each kind before visitors ask for them: the
 * build the web instances at `baseUrl` serve (their /build-id.json) is compared with the last one
 * warmed, and each page of `pagesToWarm` is asked for once, two at a time. A build already warmed
 * is left alone, so the schedule costs one small request a minute. With REDIS_URL the pages land
 * in the cache every instance shares; without it, in whichever instance answered.
 */
export const warmPages = async ({ payload, baseUrl }: { payload: Payload; baseUrl: string }) => {
  const marker = await fetch(`${baseUrl}/build-id.json`, {
    signal: AbortSignal.timeout(ANSWER_MS),
  })
  if (!marker.ok) throw new Error(`${baseUrl}/build-id.json answered ${marker.status}`)
  const { buildId: build } = (await marker.json()) as { buildId: string }
  const last = await payload.kv.get<Warmed>(WARMED_KEY)
  if (last?.build === build) return { build, pages: 0, failed: 0, skipped: true }

  const paths = await pagesToWarm(payload)
  let next = 0
  let failed = 0
  const warmOne = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      signal: AbortSignal.timeout(ANSWER_MS),
      headers: { 'user-agent': 'obzor-page-warming' },
    }).catch(() => null)
    await response?.arrayBuffer().catch(() => null)
    if (!response?.ok) failed += 1
  }
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < paths.length) await warmOne(paths[next++])
    }),
  )
  const warmed: Warmed = { build, at: new Date().toISOString(), pages: paths.length, failed }
  await payload.kv.set(WARMED_KEY, warmed)
  payload.logger.info(
    `Page warming: ${paths.length - failed} of ${paths.length} pages of build ${build} rendered`,
  )
  return { build, pages: paths.length, failed, skipped: false }
}

/**
 * The warming on Payload's jobs queue, every minute while PAGE_WARMING_URL is set: one runner
 * claims each run, so several workers warm a build once.
 */
export const warmPagesTask = {
  slug: PAGE_WARMING_TASK,
  label: 'Page warming: the most visited pages after a deploy',
  retries: 0,
  schedule: pageWarmingUrl() ? [{ cron: '0 * * * * *', queue: 'default' }] : [],
  handler: async ({ req }) => {
    const baseUrl = pageWarmingUrl()
    if (!baseUrl) return { output: { build: '', pages: 0, failed: 0, skipped: true } }
    return { output: await warmPages({ payload: req.payload, baseUrl }) }
  },
} as const satisfies TaskConfig<{
  input: object
  output: { build: string; pages: number; failed: number; skipped: boolean }
}>
