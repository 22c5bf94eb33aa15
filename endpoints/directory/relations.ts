import * as calls from '@/api/resources'
import { managedResourcesOrAll, relationId } from '@access/resources'

import { defineEndpoint } from '../lib/defineEndpoint'

const resourceIdsOf = (docs: { resource: unknown }[]) =>
  new Set(docs.map(({ resource }) => relationId(resource)))

/**
 * GET /resource-relations?ids=1,2 → {relations: [{resource_id, favorite, has_review, manages,
 * staff}]}: where the caller stands towards each resource (`staff`: its owner employs the caller). The directory pages are the same for every
 * visitor, so the browser asks this to show the favorites toggle and the review form.
 */
export const resourceRelations = defineEndpoint(calls.resourceRelations, {
  handler: async ({ req, user, query, reply }) => {
    const { ids } = query
    const managed = managedResourcesOrAll(user)
    const employer = relationId(user.employer)
    const [favorites, reviews, manages, employers] = await Promise.all([
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
      employer !== null &&
        req.payload.find({
          collection: 'resources',
          where: { and: [{ owner: { equals: employer } }, { id: { in: ids } }] },
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
    const employerIds = new Set(employers ? employers.docs.map((doc) => doc.id) : [])
    return reply({
      relations: ids.map((id) => ({
        resource_id: id,
        favorite: favorite.has(id),
        has_review: reviewed.has(id),
        manages: managedIds.has(id),
        staff: employerIds.has(id),
      })),
    })
  },
})
