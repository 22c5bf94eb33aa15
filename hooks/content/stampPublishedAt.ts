import type { CollectionBeforeChangeHook } from 'payload'

/**
 * An article is dated when it is first published (by hand or by a scheduled job), unless an
 * editor set the date; later edits keep it.
 */
export const stampPublishedAt: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  if (data._status === 'published' && !data.publishedAt && !originalDoc?.publishedAt) {
    data.publishedAt = new Date().toISOString()
  }
  return data
}
