import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { CACHE_TAGS, tagsOfChange } from '@/server/cacheTags'
import { expireCacheTags } from '@/server/publicCache'
import type { Resource } from '@payload-types'

/**
 * A resource's change expires its own pages, the listings of its type (both types, and the old
 * address too, when they changed) and the home page; other resources' pages stay cached.
 */
export const expireResourcePagesAfterChange: CollectionAfterChangeHook<Resource> = ({
  doc,
  previousDoc,
  req,
}) => {
  // A create has no previous document (Payload passes an empty one).
  const states = previousDoc?.id ? [previousDoc, doc] : [doc]
  // The status feeds name resources by title and show only published ones: any change may touch them.
  expireCacheTags({ req, tags: [...tagsOfChange({ resources: states }), CACHE_TAGS.statusFeed] })
  return doc
}

export const expireResourcePagesAfterDelete: CollectionAfterDeleteHook<Resource> = ({
  doc,
  req,
}) => {
  expireCacheTags({ req, tags: [...tagsOfChange({ resources: [doc] }), CACHE_TAGS.statusFeed] })
  return doc
}
