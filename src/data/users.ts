import 'server-only'

import { headers } from 'next/headers'
import { cache } from 'react'

import { getPayload } from './payload'

/** The visitor's account for this request, or null for a guest. */
export const getCurrentUser = cache(async () => {
  const payload = await getPayload()
  const { user } = await payload.auth({ headers: await headers() })
  return user ?? null
})
