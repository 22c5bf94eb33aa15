import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { isRecordId } from '@/lib/limits'
import { canActForAnyone } from '@/lib/roles'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { relationId } from '@access/resources'
import type { Favorite } from '@payload-types'

/**
 * Whatever way a favorite arrives, a member keeps it for themselves (an admin acts for anyone:
 * canActForAnyone), of a resource they can
 * read. A missing resource and one the caller may not see get the same answer, so the answer
 * tells nothing of resources awaiting moderation.
 */
export const validateFavorite: CollectionBeforeChangeHook<Favorite> = async ({
  data,
  originalDoc,
  req,
}) => {
  if (req.user && !canActForAnyone(req.user)) data.user = req.user.id
  const resourceId = relationId(data.resource ?? originalDoc?.resource)
  const isVisible =
    isRecordId(resourceId) &&
    (
      await req.payload.count({
        collection: 'resources',
        where: { id: { equals: resourceId } },
        // As the caller sees them; the system (no user) sees all.
        overrideAccess: !req.user,
        user: req.user,
        req,
      })
    ).totalDocs > 0
  if (isVisible) return data
  throw new ValidationError({
    collection: 'favorites',
    errors: [
      {
        path: 'resource',
        message: serverMessage({
          locale: messageLocale(req),
          key: 'api.resource-not-found',
        }),
      },
    ],
  })
}
