import type { CollectionBeforeChangeHook } from 'payload'
import slugify from 'slugify'

import { canActForAnyone } from '@/lib/roles'
import { richTextToPlain } from '@/server/richText'
import type { Resource } from '@payload-types'

const toSlug = (title: string) =>
  slugify(title, { lower: true, strict: true, locale: 'ru' }).slice(0, 80) || 'resource'

/**
 * Before a resource is saved: its slug is made from the title once, kept unique; the search text of the
 * locale being saved is rebuilt from the title, summary and description.
 */
export const prepareResource: CollectionBeforeChangeHook<Resource> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  // A person adding it owns it, and it waits for moderation; the system and an admin (who acts
  // for anyone) name its owner and status.
  if (operation === 'create' && req.user && !canActForAnyone(req.user)) {
    data.owner = req.user.id
    data.status = 'pending'
  }
  if (!data.slug && !originalDoc?.slug && typeof data.title === 'string') {
    const base = toSlug(data.title)
    let slug = base
    for (let n = 2; ; n += 1) {
      const { totalDocs } = await req.payload.count({
        collection: 'resources',
        where: { slug: { equals: slug } },
        req,
        overrideAccess: true,
      })
      if (!totalDocs) break
      slug = `${base}-${n}`
    }
    data.slug = slug
  }
  if (req.locale !== 'all' && typeof data.title === 'string') {
    data.searchText = [data.title, data.anons, richTextToPlain(data.description)]
      .filter(Boolean)
      .join('\n')
  }
  return data
}
