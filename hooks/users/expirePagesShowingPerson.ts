import type { CollectionAfterChangeHook } from 'payload'

import { CACHE_TAGS } from '@/server/cacheTags'
import { expireCacheTags } from '@/server/publicCache'
import { resourcesShowingPerson } from '@/server/sql/statements'
import type { User } from '@payload-types'

/** What the cached pages show of a person beside their reviews and replies. */
const SHOWN: readonly (keyof User)[] = ['displayName', 'username', 'blocked', 'profilePrivate']

/** A text as it is; a flag unset (null, missing) as false. */
const shown = (value: unknown) => (typeof value === 'string' ? value : Boolean(value))

/**
 * A change of what review cards show of a person (their name, or whether their name links to a
 * reviewer profile: a private profile, a block, an unblock) expires, on every door, the cached
 * pages that show them: each resource they reviewed or answered a review on, and the home page's
 * latest reviews. They wait for a render (`now`): a profile made private stops being linked at
 * once. An account's deletion removes its reviews through Payload, whose hooks expire the same
 * pages (eraseAccount). The profile itself is rendered per request.
 */
export const expirePagesShowingPerson: CollectionAfterChangeHook<User> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || !previousDoc) return doc
  if (SHOWN.every((field) => shown(doc[field]) === shown(previousDoc[field]))) return doc
  const resources = await resourcesShowingPerson(req, doc.id)
  expireCacheTags({ req, tags: [CACHE_TAGS.home, ...resources.map(CACHE_TAGS.resource)] })
  return doc
}
