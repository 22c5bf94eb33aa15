import { sql } from '@payloadcms/db-postgres'

import { findFavorites } from '@/data/views/favorites'
import { runSql } from '@/server/db'

import { defineEndpoint } from '../lib/defineEndpoint'
import { resourceIdBody } from '../lib/fields'
import { fail, ok } from '../lib/http'

/** POST /get-user-favorites → {favorites: [{id, added_at, resource}]}, newest first. */
export const getUserFavorites = defineEndpoint({
  path: '/get-user-favorites',
  method: 'post',
  auth: 'signedIn',
  summary: "The caller's favorites, newest first",
  answer: '{favorites: [{id, added_at, resource}]}',
  handler: async ({ req, user }) =>
    ok({ favorites: await findFavorites({ payload: req.payload, req, userId: user.id }) }),
})

/** POST /add-favorite {resource_id} → {favorite: true}; adding twice changes nothing. */
export const addFavorite = defineEndpoint({
  path: '/add-favorite',
  method: 'post',
  auth: 'signedIn',
  summary: 'Keep a resource among the favorites (adding twice changes nothing)',
  answer: '{favorite: true}',
  body: resourceIdBody,
  handler: async ({ req, user, body }) => {
    const resourceId = body.resource_id
    const { totalDocs: visible } = await req.payload.count({
      collection: 'resources',
      where: { id: { equals: resourceId } },
      user,
      overrideAccess: false,
      req,
    })
    if (!visible) {
      return fail({ req, status: 404, code: 'resource-not-found', field: 'resource_id' })
    }
    // One statement, so a double click cannot make two rows or fail on the unique index.
    await runSql({
      payload: req.payload,
      req,
      query: sql`INSERT INTO favorites (user_id, resource_id) VALUES (${user.id}, ${resourceId})
                 ON CONFLICT (user_id, resource_id) DO NOTHING`,
    })
    return ok({ favorite: true })
  },
})

/** POST /remove-favorite {resource_id} → {favorite: false}. */
export const removeFavorite = defineEndpoint({
  path: '/remove-favorite',
  method: 'post',
  auth: 'signedIn',
  summary: 'Remove a resource from the favorites',
  answer: '{favorite: false}',
  body: resourceIdBody,
  handler: async ({ req, user, body }) => {
    await req.payload.delete({
      collection: 'favorites',
      where: { user: { equals: user.id }, resource: { equals: body.resource_id } },
      user,
      overrideAccess: false,
      req,
    })
    return ok({ favorite: false })
  },
})

export const favoriteEndpoints = [getUserFavorites, addFavorite, removeFavorite]
