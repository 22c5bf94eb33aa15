import 'server-only'

import { revalidateTag, unstable_cache } from 'next/cache'

/**
 * What the public directory pages read: changed by resource and review writes. The pages built
 * from these reads (home, listings, resource pages) carry the tag too, so expiring it expires them.
 */
export const DIRECTORY_TAG = 'directory'

/** How long another instance may show a cached read after a write elsewhere (seconds). */
export const DIRECTORY_CACHE_SECONDS = 60

/**
 * A public, user-independent read kept in Next's data cache, keyed by its arguments. Writes on
 * this instance expire it at once (`expireDirectoryCache`); other instances within a minute.
 */
export const cachedRead = <Args extends unknown[], Result>(
  name: string,
  read: (...args: Args) => Promise<Result>,
) => unstable_cache(read, [name], { tags: [DIRECTORY_TAG], revalidate: DIRECTORY_CACHE_SECONDS })

/**
 * Expires the directory reads, and the pages made from them, after a write. Outside a Next server (scripts, tests, the seed)
 * there is no cache to expire, and Next says so by throwing: that is ignored.
 */
export const expireDirectoryCache = () => {
  try {
    revalidateTag(DIRECTORY_TAG, { expire: 0 })
  } catch {
    // not running inside Next
  }
}
