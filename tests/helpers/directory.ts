import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { ResourceType } from '@/lib/resourceTypes'
import { runSql } from '@/server/sql/run'
import type { Resource, User } from '@payload-types'

import { signInToken } from './accounts'

let counter = 0
/** A value no other call in this run returns: for logins, emails and titles. */
export const unique = () => `${Date.now().toString(36)}${(counter += 1)}`

export const PASSWORD = 'secret-pass'

/**
 * A verified account made through the Local API, with a token from /login; `joinedDaysAgo` dates
 * its sign-up back (a new account's reviews are weighed by the review guard, REVIEW_GUARD).
 */
export const createMember = async ({
  payload,
  role = 'user',
  employer,
  joinedDaysAgo,
}: {
  payload: Payload
  role?: User['role']
  employer?: number
  joinedDaysAgo?: number
}) => {
  const id = unique()
  const user = await payload.create({
    collection: 'users',
    data: {
      username: `member${id}`,
      email: `member${id}@example.com`,
      password: PASSWORD,
      displayName: `Member ${id}`,
      role,
      status: 'verified',
      twoFactor: 'none',
      authProvider: 'email',
      employer,
    },
  })
  if (joinedDaysAgo !== undefined) {
    await runSql({
      payload,
      query: sql`UPDATE users SET created_at = now() - make_interval(days => ${joinedDaysAgo})
                 WHERE id = ${user.id}`,
    })
  }
  const token = await signInToken({ login: user.username!, password: PASSWORD })
  return { user, token }
}

/** A resource made through the Local API (published unless told otherwise). */
export const createResource = async ({
  payload,
  owner,
  type = 'marketplace',
  status = 'published',
  title,
  country,
  verified = false,
}: {
  payload: Payload
  owner?: number
  type?: ResourceType
  status?: Resource['status']
  title?: string
  country?: string
  verified?: boolean
}) =>
  payload.create({
    collection: 'resources',
    data: {
      type,
      title: title ?? `Resource ${unique()}`,
      anons: 'A place to trade',
      links: [{ url: 'https://example.com' }],
      owner,
      status,
      country,
      verified,
    },
  })
