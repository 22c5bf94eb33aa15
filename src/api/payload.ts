import { z } from 'zod'

import type { User } from '@payload-types'

import { answer, declareCall } from './call'
import { wholeNumber } from './fields'

/** Payload's own calls that the site's browser code makes (Payload serves and documents them). */

export const usersMe = declareCall({
  path: '/users/me',
  method: 'get',
  auth: 'anyone',
  summary: 'The signed-in account, or {user: null} for a guest',
  answer: answer<{ user: User | null }>('{user}'),
  query: z.object({ depth: wholeNumber('value-invalid').optional() }),
  payload: true,
})

export const usersLogout = declareCall({
  path: '/users/logout',
  method: 'post',
  auth: 'anyone',
  summary: 'End the session',
  answer: answer('{}'),
  payload: true,
})

export const usersRefreshToken = declareCall({
  path: '/users/refresh-token',
  method: 'post',
  auth: 'anyone',
  summary: 'A new token from the session cookie',
  answer: answer<{ refreshedToken?: string }>('{refreshedToken}'),
  payload: true,
})
