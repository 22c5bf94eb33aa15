import { sql } from '@payloadcms/db-postgres'
import type { Endpoint } from 'payload'

import type { Resource } from '../../payload-types'
import { runSql } from '../../src/lib/db'
import { parseBody } from '../lib/body'
import { requireUser } from '../lib/currentUser'
import { fail, ok } from '../lib/http'
import { resourceIdBody } from './reviews'
import { resourceSummary } from './views'

/** POST /get-user-favorites → {favorites: [{id, added_at, resource}]}, newest first. */
export const getUserFavorites: Endpoint = {
  path: '/get-user-favorites',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const result = await req.payload.find({
      collection: 'favorites',
      where: { user: { equals: user.id } },
      sort: '-createdAt',
      depth: 2,
      pagination: false,
      req,
    })
    return ok({
      favorites: result.docs
        .filter((favorite) => typeof favorite.resource === 'object')
        .map((favorite) => ({
          id: favorite.id,
          added_at: favorite.createdAt,
          resource: resourceSummary(favorite.resource as Resource),
        })),
    })
  },
}

/** POST /add-favorite {resource_id} → {favorite: true}; adding twice changes nothing. */
export const addFavorite: Endpoint = {
  path: '/add-favorite',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const { data, failure: invalidBody } = await parseBody(req, resourceIdBody)
    if (invalidBody) return invalidBody
    const resourceId = data.resource_id
    const { totalDocs: visible } = await req.payload.count({
      collection: 'resources',
      where: { id: { equals: resourceId } },
      user,
      overrideAccess: false,
      req,
    })
    if (!visible)
      return fail({ req, status: 404, code: 'resource-not-found', field: 'resource_id' })
    // One statement, so a double click cannot make two rows or fail on the unique index.
    await runSql({
      payload: req.payload,
      req,
      query: sql`INSERT INTO favorites (user_id, resource_id) VALUES (${user.id}, ${resourceId})
                 ON CONFLICT (user_id, resource_id) DO NOTHING`,
    })
    return ok({ favorite: true })
  },
}

/** POST /remove-favorite {resource_id} → {favorite: false}. */
export const removeFavorite: Endpoint = {
  path: '/remove-favorite',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const { data, failure: invalidBody } = await parseBody(req, resourceIdBody)
    if (invalidBody) return invalidBody
    const resourceId = data.resource_id
    await req.payload.delete({
      collection: 'favorites',
      where: { user: { equals: user.id }, resource: { equals: resourceId } },
      user,
      overrideAccess: false,
      req,
    })
    return ok({ favorite: false })
  },
}

export const favoriteEndpoints = [getUserFavorites, addFavorite, removeFavorite]
