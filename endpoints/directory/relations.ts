import type { Endpoint } from 'payload'
import { z } from 'zod'

import { managedResourcesOrAll, relationId } from '../../access/resources'
import { issuesToErrors } from '../lib/body'
import { requireUser } from '../lib/currentUser'
import { invalid, ok } from '../lib/http'

/** How many resources one call may ask about: a listing page holds far fewer. */
export const RELATIONS_MAX_IDS = 50

const idsQuery = z
  .string({ message: 'required' })
  .regex(/^\d+(,\d+)*$/, 'required')
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine((ids) => ids.length <= RELATIONS_MAX_IDS, 'too-long')

const resourceIdsOf = (docs: { resource: unknown }[]) =>
  new Set(docs.map(({ resource }) => relationId(resource)))

/**
 * GET /resource-relations?ids=1,2 → {relations: [{resource_id, favorite, has_review, manages}]}:
 * where the caller stands towards each resource. The directory pages are the same for every
 * visitor, so the browser asks this to show the favorites toggle and the review form.
 */
export const resourceRelations: Endpoint = {
  path: '/resource-relations',
  method: 'get',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const parsed = idsQuery.safeParse(req.searchParams.get('ids') ?? undefined)
    if (!parsed.success) {
      return invalid({ req, errors: { ids: Object.values(issuesToErrors(parsed.error)).flat() } })
    }
    const ids = parsed.data
    const managed = managedResourcesOrAll(user)
    const [favorites, reviews, manages] = await Promise.all([
      req.payload.find({
        collection: 'favorites',
        where: { user: { equals: user.id }, resource: { in: ids } },
        select: { resource: true },
        depth: 0,
        pagination: false,
        req,
      }),
      req.payload.find({
        collection: 'reviews',
        where: { author: { equals: user.id }, resource: { in: ids } },
        select: { resource: true },
        depth: 0,
        pagination: false,
        overrideAccess: true,
        req,
      }),
      managed &&
        req.payload.find({
          collection: 'resources',
          where: { and: [managed, { id: { in: ids } }] },
          select: { slug: true },
          depth: 0,
          pagination: false,
          overrideAccess: true,
          req,
        }),
    ])
    const favorite = resourceIdsOf(favorites.docs)
    const reviewed = resourceIdsOf(reviews.docs)
    const managedIds = new Set(manages ? manages.docs.map((doc) => doc.id) : [])
    return ok({
      relations: ids.map((id) => ({
        resource_id: id,
        favorite: favorite.has(id),
        has_review: reviewed.has(id),
        manages: managedIds.has(id),
      })),
    })
  },
}
