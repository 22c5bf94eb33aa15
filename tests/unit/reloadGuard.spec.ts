import { describe, expect, it } from 'vitest'

import {
  BUILD_CHECK_INTERVAL_MS,
  RELOAD_GUARD_MS,
  RELOAD_GUARD_STORAGE_KEY,
  type ReloadStore,
  claimForcedReload,
  fullLoadPath,
  isChunkLoadFailure,
  recordForcedReload,
  shouldForceReload,
} from '@/client/reloadGuard'

const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial))
  const storage: ReloadStore = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  }
  return { storage, items }
}

const fakeClock = (start = 1_700_000_000_000) => {
  let now = start
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    },
  }
}

describe('reload guard', () => {
  it('should check for a new build every hour and guard each path for 10 s', () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000)
    expect(RELOAD_GUARD_MS).toBe(10_000)
  })

  it('should force a reload of a path never reloaded before', () => {
    const { storage } = memoryStorage()
    expect(claimForcedReload({ path: '/ru/catalog', storage, now: 1000 })).toBe(true)
  })

  it('should let the navigation proceed when the same path was force-reloaded under 10 s ago', () => {
    const { storage } = memoryStorage()
    const clock = fakeClock()
    claimForcedReload({ path: '/ru/catalog', storage, now: clock.now() })
    clock.advance(RELOAD_GUARD_MS - 1)
    expect(claimForcedReload({ path: '/ru/catalog', storage, now: clock.now() })).toBe(false)
  })

  it('should force a reload again once 10 s have passed', () => {
    const { storage } = memoryStorage()
    const clock = fakeClock()
    claimForcedReload({ path: '/ru/catalog', storage, now: clock.now() })
    clock.advance(RELOAD_GUARD_MS)
    expect(claimForcedReload({ path: '/ru/catalog', storage, now: clock.now() })).toBe(true)
  })

  it('should guard each path on its own', () => {
    const { storage } = memoryStorage()
    claimForcedReload({ path: '/ru/catalog', storage, now: 5000 })
    expect(claimForcedReload({ path: '/ru/forums', storage, now: 5001 })).toBe(true)
    expect(claimForcedReload({ path: '/ru/catalog', storage, now: 5002 })).toBe(false)
  })

  it('should not record anything when asked only whether to reload', () => {
    const { storage, items } = memoryStorage()
    expect(shouldForceReload({ path: '/en', storage, now: 0 })).toBe(true)
    expect(items.size).toBe(0)
  })

  it('should keep only recent paths in the stored map', () => {
    const { storage, items } = memoryStorage()
    recordForcedReload({ path: '/old', storage, now: 0 })
    recordForcedReload({ path: '/new', storage, now: RELOAD_GUARD_MS + 1 })
    expect(JSON.parse(items.get(RELOAD_GUARD_STORAGE_KEY) ?? '')).toEqual({
      '/new': RELOAD_GUARD_MS + 1,
    })
  })

  it('should treat an unreadable stored map as empty', () => {
    const { storage } = memoryStorage({ [RELOAD_GUARD_STORAGE_KEY]: 'not json' })
    expect(claimForcedReload({ path: '/en', storage, now: 0 })).toBe(true)
  })

  it('should still answer when the storage refuses to write', () => {
    const storage: ReloadStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(claimForcedReload({ path: '/en', storage, now: 0 })).toBe(true)
  })
})

describe('chunk load failures', () => {
  it.each([
    Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' }),
    Object.assign(new Error('something else'), { name: 'ChunkLoadError' }),
    new Error('Loading chunk app/page failed. (error: https://x/_next/static/chunks/a.js)'),
    new TypeError('Failed to fetch dynamically imported module: https://x/a.js'),
    new Error('Loading CSS chunk 42 failed'),
    'Loading chunk 7 failed.',
  ])('should recognise %s', (error) => {
    expect(isChunkLoadFailure(error)).toBe(true)
  })

  it.each([new Error('Cannot read properties of undefined'), 'Script error.', null, undefined, 42])(
    'should ignore %s',
    (error) => {
      expect(isChunkLoadFailure(error)).toBe(false)
    },
  )
})

describe('full-load path', () => {
  const current = 'https://obzor.example/ru/catalog?page=2'

  it.each([
    ['/ru/forums', '/ru/forums'],
    ['https://obzor.example/en/catalog', '/en/catalog'],
    ['/ru/catalog?page=3', '/ru/catalog'],
    ['/ru/catalog?page=2', '/ru/catalog'],
  ])('should give the path of a same-origin link to %s', (href, path) => {
    expect(fullLoadPath({ href, current })).toBe(path)
  })

  it.each([
    '#reviews',
    '/ru/catalog?page=2#reviews',
    'https://elsewhere.example/ru/catalog',
    'mailto:team@obzor.example',
    'http://[bad',
  ])('should leave %s to the browser', (href) => {
    expect(fullLoadPath({ href, current })).toBeNull()
  })
})
