import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { CACHE_TAGS } from '@/server/cacheTags'
import { expireCacheTags } from '@/server/publicCache'
import type { Currency } from '@payload-types'

/**
 * A currency added, renamed or removed in the admin changes what every rates page and every
 * exchanger's directions name (an offer in a removed code is not shown): they are expired.
 */
export const expireRatePagesAfterChange: CollectionAfterChangeHook<Currency> = ({ doc, req }) => {
  expireCacheTags({ req, tags: [CACHE_TAGS.rates] })
  return doc
}

export const expireRatePagesAfterDelete: CollectionAfterDeleteHook<Currency> = ({ doc, req }) => {
  expireCacheTags({ req, tags: [CACHE_TAGS.rates] })
  return doc
}
