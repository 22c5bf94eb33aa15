import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import type { ContentCollection } from '@/lib/content'
import { tagsOfContentChange } from '@/server/cacheTags'
import { expireCacheTags } from '@/server/publicCache'

import { DRY_RUN_CONTEXT } from './scheduledPublishing'

type Doc = { slug?: string | null; _status?: 'draft' | 'published' | null }

const isPublic = (doc?: Doc | null) => doc?._status === 'published'

/**
 * Publishing, unpublishing, editing a published document or deleting one expires the public
 * pages that show it: its own page (by its slug before and after), its list and feed, and the
 * home page for news. Saving a draft of an unpublished document expires nothing.
 */
export const expireContentPagesAfterChange: CollectionAfterChangeHook = ({
  collection,
  doc,
  previousDoc,
  req,
}) => {
  const before = previousDoc as Doc | undefined
  const after = doc as Doc
  // A trial publication (a schedule's check) is rolled back: no page changes.
  if (req.context[DRY_RUN_CONTEXT]) return doc
  if (isPublic(after) || isPublic(before)) {
    expireCacheTags({
      req,
      tags: tagsOfContentChange({
        collection: collection.slug as ContentCollection,
        slugs: [after.slug, before?.slug],
      }),
    })
  }
  return doc
}

export const expireContentPagesAfterDelete: CollectionAfterDeleteHook = ({
  collection,
  doc,
  req,
}) => {
  expireCacheTags({
    req,
    tags: tagsOfContentChange({
      collection: collection.slug as ContentCollection,
      slugs: [(doc as Doc).slug],
    }),
  })
  return doc
}
