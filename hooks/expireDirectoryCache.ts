import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { expireDirectoryCache } from '@/server/publicCache'

/** Any change to a resource or review makes the cached directory pages read afresh. */
export const expireDirectoryAfterChange: CollectionAfterChangeHook = ({ doc }) => {
  expireDirectoryCache()
  return doc
}

export const expireDirectoryAfterDelete: CollectionAfterDeleteHook = ({ doc }) => {
  expireDirectoryCache()
  return doc
}
