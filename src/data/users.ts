import 'server-only'

import { headers } from 'next/headers'
import { cache } from 'react'

import { DatabaseUnavailableError } from '@/server/databaseHealth'
import { sessionLookupFailed } from '@/server/sessionLookup'

import { getPayload } from './payload'

/**
 * The visitor's account for this request, or null for a guest. A live session that could not be
 * looked up (the database did not answer) fails the page, answered 503, rather than showing it
 * to a guest or sending the visitor to sign in.
 */
export const getCurrentUser = cache(async () => {
  const payload = await getPayload()
  const list = await headers()
  const { user } = await payload.auth({ headers: list })
  if (!user && (await sessionLookupFailed({ payload, headers: list }))) {
    throw new DatabaseUnavailableError()
  }
  return user ?? null
})
