import type { FavoriteView } from '@/data/views/favorites'

import { answer, declareCall } from './call'
import { resourceIdBody } from './fields'

export const getUserFavorites = declareCall({
  path: '/get-user-favorites',
  method: 'post',
  auth: 'signedIn',
  summary: "The caller's favorites, newest first",
  answer: answer<{ favorites: FavoriteView[] }>('{favorites: [{id, added_at, resource}]}'),
})

export const addFavorite = declareCall({
  path: '/add-favorite',
  method: 'post',
  auth: 'signedIn',
  summary: 'Keep a resource among the favorites (adding twice changes nothing)',
  answer: answer<{ favorite: true }>('{favorite: true}'),
  body: resourceIdBody,
})

export const removeFavorite = declareCall({
  path: '/remove-favorite',
  method: 'post',
  auth: 'signedIn',
  summary: 'Remove a resource from the favorites',
  answer: answer<{ favorite: false }>('{favorite: false}'),
  body: resourceIdBody,
})
