/** Spec §4: look for a newer build every hour; force at most one reload per path in 10 s. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000
export const RELOAD_GUARD_MS = 10_000
export const RELOAD_GUARD_STORAGE_KEY = 'forced-reloads'

export type ReloadStore = Pick<Storage, 'getItem' | 'setItem'>

type GuardArgs = { path: string; storage: ReloadStore; now?: number }

const readReloads = (storage: ReloadStore): Record<string, number> => {
  try {
    const value: unknown = JSON.parse(storage.getItem(RELOAD_GUARD_STORAGE_KEY) ?? '{}')
    return value && typeof value === 'object' ? (value as Record<string, number>) : {}
  } catch {
    return {}
  }
}

/** False when `path` was force-loaded under RELOAD_GUARD_MS ago, so a broken build cannot loop. */
export const shouldForceReload = ({ path, storage, now = Date.now() }: GuardArgs): boolean => {
  const last = readReloads(storage)[path]
  return typeof last !== 'number' || now - last >= RELOAD_GUARD_MS
}

/** Records a forced load of `path`, dropping entries older than the guard: the map stays small. */
export const recordForcedReload = ({ path, storage, now = Date.now() }: GuardArgs): void => {
  const recent = Object.entries(readReloads(storage)).filter(([, at]) => now - at < RELOAD_GUARD_MS)
  try {
    storage.setItem(
      RELOAD_GUARD_STORAGE_KEY,
      JSON.stringify({ ...Object.fromEntries(recent), [path]: now }),
    )
  } catch {
    // A full or blocked storage only loses the guard; the reload itself still helps.
  }
}

/** shouldForceReload, and when true, recordForcedReload: the one call a navigation makes. */
export const claimForcedReload = (args: GuardArgs): boolean => {
  const now = args.now ?? Date.now()
  if (!shouldForceReload({ ...args, now })) return false
  recordForcedReload({ ...args, now })
  return true
}

const CHUNK_FAILURE_MESSAGE =
  /Loading chunk .* failed|Failed to fetch dynamically imported module|Loading CSS chunk/

/** True for the error (or rejection reason) a bundler raises when a code chunk cannot be loaded. */
export const isChunkLoadFailure = (error: unknown): boolean => {
  if (typeof error === 'string') return CHUNK_FAILURE_MESSAGE.test(error)
  if (!error || typeof error !== 'object') return false
  const { name, message } = error as { name?: unknown; message?: unknown }
  return name === 'ChunkLoadError' || CHUNK_FAILURE_MESSAGE.test(String(message ?? ''))
}

// URL.canParse is too recent for some of the browsers still in use.
const parseUrl = (href: string, base: string) => {
  try {
    return new URL(href, base)
  } catch {
    return null
  }
}

/** The build's own code and styles, which a newer deployment replaces. */
export const isBuildAsset = (url: string) => url.includes('/_next/static/')

/**
 * The path a click on `href` would open, or null when a full load makes no sense there: another
 * origin, or only the #hash of the current page changes.
 */
export const fullLoadPath = ({
  href,
  current,
}: {
  href: string
  current: string
}): string | null => {
  const here = new URL(current)
  const url = parseUrl(href, current)
  if (!url || url.origin !== here.origin) return null
  const isHashOnly = url.hash !== '' && url.pathname === here.pathname && url.search === here.search
  return isHashOnly ? null : url.pathname
}

/** Stand-in for sessionStorage where the browser refuses it (privacy modes, sandboxed frames). */
export const createMemoryStore = (): ReloadStore => {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  }
}
