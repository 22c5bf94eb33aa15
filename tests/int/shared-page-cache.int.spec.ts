import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { Redis } from 'ioredis'
import { nodeFs } from 'next/dist/server/lib/node-fs-methods'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { openRedisPageStore } from '@/server/pageCache/redisPageStore.mjs'
import { sharedCacheHandler } from '@/server/pageCache/sharedCacheHandler.mjs'

import { startRedisServer } from '../helpers/redisServer'
import { freePort } from '../helpers/testDatabase'

/**
 * The shared page cache's handler on its own (src/server/pageCache): two stores on one Redis are
 * two instances. The run's Redis (tests/helpers/globalSetup.ts) holds the shared entries under a
 * prefix of this file's own; the outages are those of a Redis server the file starts itself.
 */
const RUN_REDIS = inject('redisUrl')
const PREFIX = `test:pages:${randomUUID()}:`
const SHORT_TIMEOUT_MS = 200

const distDir = mkdtempSync(path.join(tmpdir(), 'obzor-page-cache-'))
const nextContext = {
  fs: nodeFs,
  serverDistDir: distDir,
  flushToDisk: false,
  maxMemoryCacheSize: 4 * 1024 * 1024,
  revalidatedTags: [],
}
const opened: { close: () => void }[] = []
const servers: { stop: () => void }[] = []

type Lines = { away: string[]; back: string[] }

/** An instance's handler over Redis at `url` under `prefix`, and the lines it logged. */
const instance = ({ url = RUN_REDIS, prefix = PREFIX } = {}) => {
  const lines: Lines = { away: [], back: [] }
  const store = openRedisPageStore({
    url,
    prefix,
    commandTimeoutMs: SHORT_TIMEOUT_MS,
    log: { away: (line) => lines.away.push(line), back: (line) => lines.back.push(line) },
  })
  opened.push(store)
  const Handler = sharedCacheHandler(() => store)
  return { handler: new Handler(nextContext), store, lines }
}

const until = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms
  while (!condition() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50))
  return condition()
}

const connected = async (...stores: { isShared: () => boolean }[]) =>
  until(() => stores.every((store) => store.isShared()))

const page = (tags: string) => ({
  kind: 'APP_PAGE',
  html: `<main lang="ru">Обзор — ${randomUUID()}</main>`,
  rscData: Buffer.from([0, 1, 2, 255]),
  headers: { 'x-next-cache-tags': tags },
  status: 200,
  segmentData: new Map([['/_tree', Buffer.from('tree')]]),
})
const PAGE_CONTEXT = { cacheControl: { revalidate: 60, expire: 31_536_000 } }
const PAGE_READ = { kind: 'APP_PAGE' }
const read = (body: string) => ({
  kind: 'FETCH',
  data: { headers: {}, body, status: 200, url: '' },
  revalidate: 60,
})
const key = () => `/ru/${randomUUID()}`

/** A Redis server of the test's own, which it can stop, hang and start again. */
const ownRedis = async () => {
  const port = await freePort()
  let server: ChildProcess | null = null
  const start = async () => {
    server = (await startRedisServer({ port })).process
  }
  await start()
  const redis = {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: () => {
      server?.kill('SIGKILL')
      server = null
    },
    hang: () => server?.kill('SIGSTOP'),
    resume: () => server?.kill('SIGCONT'),
  }
  servers.push(redis)
  return redis
}

let a: ReturnType<typeof instance>
let b: ReturnType<typeof instance>

beforeAll(async () => {
  a = instance()
  b = instance()
  await connected(a.store, b.store)
})

afterAll(async () => {
  for (const store of opened) store.close()
  for (const server of servers) server.stop()
  const redis = new Redis(RUN_REDIS)
  const keys = await redis.keys(`${PREFIX}*`)
  if (keys.length) await redis.del(...keys)
  redis.disconnect()
  rmSync(distDir, { recursive: true, force: true })
})

describe('one page cache for every instance', () => {
  it('should serve on one instance the page another stored, bytes and all', async () => {
    const stored = page('resource:1,home')
    const path = key()
    await a.handler.set(path, stored, PAGE_CONTEXT)
    const found = await b.handler.get(path, PAGE_READ)
    expect(found.value).toEqual(stored)
    expect(found.cacheControl).toEqual(PAGE_CONTEXT.cacheControl)
  })

  it('should miss on one instance a page whose tag the other expired', async () => {
    const path = key()
    const tag = `resource:${randomUUID()}`
    await a.handler.set(path, page(`${tag},home`), PAGE_CONTEXT)
    await b.handler.revalidateTag(tag, { expire: 0 })
    expect(await a.handler.get(path, PAGE_READ)).toBeNull()
  })

  it("should miss a cached read whose page's implicit tag the other instance expired", async () => {
    const readKey = randomUUID()
    const pageTag = `_N_T_/ru/${randomUUID()}`
    await a.handler.set(readKey, read('[1,2]'), { fetchCache: true, tags: ['listing:shop'] })
    const context = { kind: 'FETCH', tags: ['listing:shop'], softTags: [pageTag] }
    expect((await b.handler.get(readKey, context)).value.data.body).toBe('[1,2]')
    await b.handler.revalidateTag([pageTag])
    expect(await a.handler.get(readKey, context)).toBeNull()
  })

  it("should not serve an older build's pages", async () => {
    const path = key()
    await a.handler.set(path, page('home'), PAGE_CONTEXT)
    const nextBuild = instance({ prefix: `${PREFIX}next-build:` })
    await connected(nextBuild.store)
    expect(await nextBuild.handler.get(path, PAGE_READ)).toBeNull()
  })

  it('should keep an entry ten revalidations at most, and the tags a day', async () => {
    const path = key()
    await a.handler.set(path, page('home'), PAGE_CONTEXT)
    await a.handler.revalidateTag([`resource:${randomUUID()}`])
    const redis = new Redis(RUN_REDIS)
    const ttls = [await redis.ttl(`${PREFIX}entry:${path}`), await redis.ttl(`${PREFIX}tags`)]
    redis.disconnect()
    expect(ttls[0]).toBeGreaterThan(590)
    expect(ttls[0]).toBeLessThanOrEqual(600)
    expect(ttls[1]).toBeGreaterThan(86_000)
  })

  it('should miss, not fail, on an entry it cannot read', async () => {
    const path = key()
    await a.handler.set(path, page('home'), PAGE_CONTEXT)
    const redis = new Redis(RUN_REDIS)
    await redis.hset(`${PREFIX}entry:${path}`, 'v', 'not what V8 wrote')
    redis.disconnect()
    expect(await b.handler.get(path, PAGE_READ)).toBeNull()
  })
})

/** Resolves once the clock has passed the current millisecond, in which expiries are counted. */
const nextMillisecond = async () => {
  const now = Date.now()
  while (Date.now() === now) await new Promise((done) => setTimeout(done, 1))
}

describe('a render that a write overtook', () => {
  /**
   * Next makes a handler per request: `during` began before a write expired the page's tag, and
   * stores what it rendered after. Its page may show the state before the write.
   */
  const overtaken = async (Handler: ReturnType<typeof sharedCacheHandler>) => {
    const path = key()
    const tag = `content-list:news:${randomUUID()}`
    const during = new Handler(nextContext)
    await during.get(path, PAGE_READ)
    await nextMillisecond()
    await new Handler(nextContext).revalidateTag(tag, { expire: 0 })
    await during.set(path, page(`${tag},home`), PAGE_CONTEXT)
    const missed = await new Handler(nextContext).get(path, PAGE_READ)
    // The next visit renders afresh, and its page is kept. It comes a millisecond later at least:
    // Redis holds an entry stored in the millisecond its tag expired as stale.
    await nextMillisecond()
    const after = new Handler(nextContext)
    await after.set(path, page(`${tag},home`), PAGE_CONTEXT)
    return [missed, await new Handler(nextContext).get(path, PAGE_READ)]
  }

  it('should not keep it in Redis, and keep the next render', async () => {
    const [missed, kept] = await overtaken(sharedCacheHandler(() => a.store))
    expect([missed, kept === null]).toEqual([null, false])
  })

  it("should not keep it in the instance's own memory either", async () => {
    const [missed, kept] = await overtaken(sharedCacheHandler(() => null))
    expect([missed, kept === null]).toEqual([null, false])
  })

  it('should not keep a cached read whose tag a write expired while it read', async () => {
    const Handler = sharedCacheHandler(() => a.store)
    const readKey = randomUUID()
    const tag = `listing:${randomUUID()}`
    const during = new Handler(nextContext)
    await nextMillisecond()
    await new Handler(nextContext).revalidateTag([tag])
    await during.set(readKey, read('[1]'), { fetchCache: true, tags: [tag] })
    const context = { kind: 'FETCH', tags: [tag], softTags: [] }
    expect(await new Handler(nextContext).get(readKey, context)).toBeNull()
  })
})

describe('without Redis', () => {
  it("should serve a page from the instance's own memory as it was stored", async () => {
    const Handler = sharedCacheHandler(() => null)
    const [one, other] = [new Handler(nextContext), new Handler(nextContext)]
    const path = key()
    const stored = page('home')
    await one.set(path, stored, PAGE_CONTEXT)
    // Next makes a handler per request: the memory is the process's.
    expect((await other.get(path, PAGE_READ)).value).toEqual(stored)
  })
})

describe("each instance's near tier", () => {
  /** Damages the value Redis holds for `path`, leaving when it was stored as it is. */
  const damageValue = async (path: string) => {
    const redis = new Redis(RUN_REDIS)
    await redis.hset(`${PREFIX}entry:${path}`, 'v', 'not what V8 wrote')
    redis.disconnect()
  }

  it('should serve its own copy while Redis says it is current, without reading the value', async () => {
    const path = key()
    const stored = page('home')
    await a.handler.set(path, stored, PAGE_CONTEXT)
    expect((await b.handler.get(path, PAGE_READ)).value).toEqual(stored)
    // Only a value read again would show the damage: both instances hold the current copy.
    await damageValue(path)
    expect((await a.handler.get(path, PAGE_READ)).value).toEqual(stored)
    expect((await b.handler.get(path, PAGE_READ)).value).toEqual(stored)
  })

  it("should take another instance's newer entry, and miss one whose tag expired anywhere", async () => {
    const path = key()
    const tag = `resource:${randomUUID()}`
    await a.handler.set(path, page(`${tag},home`), PAGE_CONTEXT)
    await b.handler.get(path, PAGE_READ)
    // One write after another, several within one millisecond of Redis's clock: each is new.
    const seen: string[] = []
    const written: string[] = []
    for (let i = 0; i < 30; i += 1) {
      const newer = page(`${tag},home`)
      written.push(newer.html)
      await a.handler.set(path, newer, PAGE_CONTEXT)
      seen.push((await b.handler.get(path, PAGE_READ)).value.html)
    }
    expect(seen).toEqual(written)
    await a.handler.revalidateTag(tag, { expire: 0 })
    expect(await b.handler.get(path, PAGE_READ)).toBeNull()
    expect(await a.handler.get(path, PAGE_READ)).toBeNull()
  })

  it('should hold no more than its bound', async () => {
    const small = openRedisPageStore({
      url: RUN_REDIS,
      prefix: PREFIX,
      commandTimeoutMs: SHORT_TIMEOUT_MS,
      nearBytes: 64,
      log: { away: () => {}, back: () => {} },
    })
    opened.push(small)
    await connected(small)
    const Handler = sharedCacheHandler(() => small)
    const handler = new Handler(nextContext)
    const path = key()
    await handler.set(path, page('home'), PAGE_CONTEXT)
    await damageValue(path)
    // Larger than the bound, the page was never held: the damaged value is read, and missed.
    expect(await handler.get(path, PAGE_READ)).toBeNull()
  })
})

describe('when Redis goes away', () => {
  it('should miss what Redis held and keep new pages in memory, saying so once', async () => {
    const redis = await ownRedis()
    const one = instance({ url: redis.url })
    await connected(one.store)
    const before = key()
    await one.handler.set(before, page('home'), PAGE_CONTEXT)
    redis.stop()
    await until(() => !one.store.isShared())
    const during = key()
    await one.handler.set(during, page('home'), PAGE_CONTEXT)
    const found = [
      await one.handler.get(before, PAGE_READ),
      await one.handler.get(during, PAGE_READ),
      await one.handler.get(before, PAGE_READ),
    ]
    expect(found.map((entry) => entry !== null)).toEqual([false, true, false])
    expect(one.lines.away).toHaveLength(1)
  })

  it('should say once that Redis is back, and share pages again', async () => {
    const redis = await ownRedis()
    const one = instance({ url: redis.url })
    const other = instance({ url: redis.url })
    await connected(one.store, other.store)
    redis.stop()
    await until(() => !one.store.isShared() && !other.store.isShared())
    await redis.start()
    // Both back before the write: an instance holds what was stored before it came back as stale.
    expect(await connected(one.store, other.store)).toBe(true)
    const path = key()
    await one.handler.set(path, page('home'), PAGE_CONTEXT)
    expect(await other.handler.get(path, PAGE_READ)).not.toBeNull()
    expect([one.lines.away.length, one.lines.back.length]).toEqual([1, 1])
  })

  it('should not wait on a hung Redis longer than its timeout', async () => {
    const redis = await ownRedis()
    const one = instance({ url: redis.url })
    await connected(one.store)
    redis.hang()
    const started = Date.now()
    const found = await one.handler.get(key(), PAGE_READ)
    const waited = Date.now() - started
    redis.resume()
    expect(found).toBeNull()
    expect(waited).toBeLessThan(SHORT_TIMEOUT_MS + 300)
  })

  it('should treat what was stored before an outage as stale once Redis is back', async () => {
    const redis = await ownRedis()
    const one = instance({ url: redis.url })
    const other = instance({ url: redis.url })
    await connected(one.store, other.store)
    const path = key()
    await other.handler.set(path, page('home'), PAGE_CONTEXT)
    redis.hang()
    // A write on `one` while away: its tag never reaches Redis.
    await one.handler.get(key(), PAGE_READ)
    await one.handler.revalidateTag(['home'])
    redis.resume()
    await connected(one.store)
    expect(await other.handler.get(path, PAGE_READ)).toBeNull()
    expect(one.lines.back).toHaveLength(1)
  })
})
