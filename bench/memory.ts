import pg from 'pg'

import { LISTING_SORTS } from '@/lib/directoryViews'
import { RESOURCE_TYPES, type ResourceType, prefixOf } from '@/lib/resourceTypes'

import { createTestDatabase } from '../tests/helpers/testDatabase'

import { percentile, rssOfServerMb, saveResults, seedLarge, startServer } from './lib'

/**
 * `npm run bench:memory` (after `npm run build`): the production server's resident memory on the
 * large data set (10,000 resources, 200,000 reviews), as browsers would drive it (fetch, each
 * response read to its end):
 * 1. after warming every public page type once (home in both languages, every listing and its
 *    sorts, resource pages, articles, the FAQ, information pages, search, feeds, the sitemap);
 * 2. every minute of MEMORY_MINUTES (60) of mixed traffic from MEMORY_CLIENTS (20) clients:
 *    mostly resource pages and listing views few have asked for (so most are rendered), the home
 *    page, searches, articles and Payload's REST.
 * Growth is the last minute's memory against the first's. Results: bench/results/memory.json.
 */
const PORT = process.env.BENCH_PORT || '3320'
const MINUTES = Number(process.env.MEMORY_MINUTES || 60)
const CLIENTS = Number(process.env.MEMORY_CLIENTS || 20)
const base = `http://localhost:${PORT}`

const database = await createTestDatabase('memory')
// One instance with its own page cache in memory: a page cache in Redis (REDIS_URL) would outlive
// the restarts that empty it between measurements. BENCH_REDIS_URL measures the shared one.
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: 'bench-secret',
  REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
}
const client = new pg.Client({ connectionString: database.url })

const get = async (path: string) => {
  const response = await fetch(`${base}${path}`)
  await response.arrayBuffer()
  return response.status
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]
const WORDS = [
  'crypto',
  'bazar',
  'shop',
  'forum',
  'exchange',
  'market',
  'golden',
  'обмен',
  'магазин',
]

let server: Awaited<ReturnType<typeof startServer>> | null = null
try {
  await client.connect()
  await seedLarge({ env, client })
  const { rows: resources } = await client.query<{ type: ResourceType; slug: string }>(
    `SELECT type, slug FROM resources WHERE status = 'published' ORDER BY md5(slug)`,
  )
  const resourcePaths = resources.map(({ type, slug }) => `/en/resources/${prefixOf(type)}/${slug}`)
  const { rows: articles } = await client.query<{ kind: string; slug: string }>(
    `SELECT 'news' AS kind, slug FROM news WHERE _status = 'published'
     UNION ALL SELECT 'posts', slug FROM posts WHERE _status = 'published'`,
  )
  const listingViews = RESOURCE_TYPES.flatMap(({ prefix }) =>
    LISTING_SORTS.flatMap((sort) =>
      Array.from({ length: 40 }, (_, i) => `/en/resources/${prefix}?sort=${sort}&page=${i + 1}`),
    ),
  )

  server = await startServer({ port: PORT, env })
  const atStart = rssOfServerMb(PORT)

  // 1. Every public page type once.
  const warm = [
    '/en',
    '/ru',
    ...RESOURCE_TYPES.flatMap(({ prefix }) => [
      `/en/resources/${prefix}`,
      `/ru/resources/${prefix}?sort=name&page=2`,
    ]),
    ...resourcePaths.slice(0, 20),
    ...resourcePaths.slice(0, 5).map((path) => path.replace('/en/', '/ru/')),
    ...articles.flatMap(({ kind, slug }) => [`/en/${kind}/${slug}`, `/${kind}/${slug}`]),
    '/en/news',
    '/en/posts',
    '/en/faqs',
    '/en/informations/rules',
    '/en/about-us',
    '/en/search?q=crypto',
    '/search/магазин',
    '/news/rss.xml',
    '/sitemap.xml',
    '/en/signin',
    '/en/signup',
  ]
  const failed: string[] = []
  for (const path of warm) if ((await get(path)) >= 500) failed.push(path)
  await new Promise((resolve) => setTimeout(resolve, 5_000))
  const afterWarming = rssOfServerMb(PORT)
  console.log({ atStart, afterWarming, pagesWarmed: warm.length, failed })

  // 2. Mixed traffic, memory every minute.
  const mixed = () => {
    const roll = Math.random()
    if (roll < 0.45) return pick(resourcePaths)
    if (roll < 0.65) return pick(listingViews)
    if (roll < 0.75) return pick(['/en', '/ru'])
    if (roll < 0.85) return `/en/search?q=${encodeURIComponent(`${pick(WORDS)} ${pick(WORDS)}`)}`
    if (roll < 0.95 && articles.length) {
      const { kind, slug } = pick(articles)
      return `/en/${kind}/${slug}`
    }
    return '/api/resources?limit=20&depth=1'
  }
  const times: number[] = []
  const statuses: Record<number, number> = {}
  const end = Date.now() + MINUTES * 60_000
  const minutes: { minute: number; rssMb: number; requests: number }[] = []
  let requests = 0
  const clock = setInterval(() => {
    minutes.push({ minute: minutes.length + 1, rssMb: rssOfServerMb(PORT), requests })
    console.log(minutes.at(-1))
  }, 60_000)
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        const started = performance.now()
        const status = await get(mixed()).catch(() => 0)
        times.push(performance.now() - started)
        statuses[status] = (statuses[status] ?? 0) + 1
        requests += 1
      }
    }),
  )
  clearInterval(clock)
  times.sort((a, b) => a - b)
  const first = minutes[0]?.rssMb ?? afterWarming
  const last = minutes.at(-1)?.rssMb ?? afterWarming
  const report = {
    date: new Date().toISOString(),
    minutes: MINUTES,
    clients: CLIENTS,
    rssMb: {
      atStart,
      afterWarming,
      firstMinute: first,
      lastMinute: last,
      peak: Math.max(...minutes.map((m) => m.rssMb), afterWarming),
    },
    growthLastVsFirstMinute: Number((last / Math.max(first, 1)).toFixed(2)),
    requests,
    requestsPerSecond: Math.round(requests / (MINUTES * 60)),
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    statuses,
    perMinute: minutes,
  }
  saveResults('memory', report)
  console.dir(report, { depth: null })
} finally {
  server?.stop()
  await server?.done
  await client.end()
  await database.drop()
}
process.exit(0)
