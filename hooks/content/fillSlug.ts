import type { CollectionBeforeValidateHook, CollectionSlug } from 'payload'
import slugify from 'slugify'

const SLUG_MAX = 80

const toSlug = (text: string) =>
  slugify(text, { lower: true, strict: true, locale: 'ru' }).slice(0, SLUG_MAX).replace(/-+$/, '')

/**
 * A document without a slug gets one from its `titleField` (Russian transliterated), the first
 * free one of `base`, `base-2`, … in its collection; a slug an editor typed is only tidied (the
 * field's unique index and pattern still refuse a taken or malformed one).
 */
export const fillSlug =
  ({ titleField }: { titleField: string }): CollectionBeforeValidateHook =>
  async ({ collection, data, originalDoc, req }) => {
    if (!data) return data
    if (typeof data.slug === 'string' && data.slug.trim()) {
      data.slug = data.slug.trim().toLowerCase()
      return data
    }
    if (originalDoc?.slug) {
      // An emptied slug field keeps the slug the page is known by.
      if ('slug' in data) data.slug = originalDoc.slug
      return data
    }
    const title = data[titleField]
    if (typeof title !== 'string' || !title.trim()) return data
    const base = toSlug(title) || collection.slug
    for (let n = 1; ; n += 1) {
      const slug = n === 1 ? base : `${base}-${n}`
      const { totalDocs } = await req.payload.count({
        collection: collection.slug as CollectionSlug,
        where: { slug: { equals: slug } },
        req,
        overrideAccess: true,
      })
      if (!totalDocs) {
        data.slug = slug
        return data
      }
    }
  }
