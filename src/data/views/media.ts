import 'server-only'

import type { Media } from '@payload-types'

/** A relationship's document when it was populated, else null (an id, or nothing). */
export const populated = <T extends object>(value: unknown): T | null =>
  value && typeof value === 'object' ? (value as T) : null

/** An uploaded image's address at one of its sharp sizes, else the original's. */
export const imageUrl = (image: unknown, size: 'thumbnail' | 'card' = 'card') => {
  const media = populated<Media>(image)
  return media?.sizes?.[size]?.url ?? media?.url ?? null
}
