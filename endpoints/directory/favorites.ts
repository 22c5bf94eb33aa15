import { ValidationError } from 'payload'

import * as calls from '@/api/favorites'
import { findFavorites } from '@/data/views/favorites'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

/** POST /get-user-favorites → {favorites: [{id, added_at, resource}]}, newest first. */
export const getUserFavorites = defineEndpoint(calls.getUserFavorites, {
  handler: async ({ req, user, reply }) =>
    reply({ favorites: await findFavorites({ payload: req.payload, req, userId: user.id }) }),
})

/**
 * POST /add-favorite {resource_id} → {favorite: true}; adding twice changes nothing. The favorite
 * is created through the collection, whose rules (the caller's own, of a resource they can read)
 * hold on every door; a double click that races past the check finds the one row the unique
 * index kept.
 */
export const addFavorite = defineEndpoint(calls.addFavorite, {
  handler: async ({ req, user, body, reply }) => {
    const where = { user: { equals: user.id }, resource: { equals: body.resource_id } }
    const isKept = async () =>
      (
        await req.payload.count({
          collection: 'favorites',
          where,
          user,
          overrideAccess: false,
          req,
        })
      ).totalDocs > 0
    if (await isKept()) return reply({ favorite: true })
    try {
      await req.payload.create({
        collection: 'favorites',
        data: { user: user.id, resource: body.resource_id },
        depth: 0,
        user,
        overrideAccess: false,
        req,
      })
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error
      if (error.data.errors.some(({ path }) => path === 'resource')) {
        return fail({ req, status: 404, code: 'resource-not-found', field: 'resource_id' })
      }
      if (!(await isKept())) throw error
    }
    return reply({ favorite: true })
  },
})

/** POST /remove-favorite {resource_id} → {favorite: false}. */
export const removeFavorite = defineEndpoint(calls.removeFavorite, {
  handler: async ({ req, user, body, reply }) => {
    await req.payload.delete({
      collection: 'favorites',
      where: { user: { equals: user.id }, resource: { equals: body.resource_id } },
      user,
      overrideAccess: false,
      req,
    })
    return reply({ favorite: false })
  },
})

export const favoriteEndpoints = [getUserFavorites, addFavorite, removeFavorite]
