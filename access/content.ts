import type { Access, FieldAccess, Where } from 'payload'

import { canEditContent } from '@/lib/roles'

type MaybeUser = Parameters<Access>[0]['req']['user']

/** Editors and admins, unblocked: they publish the site's content and moderate its comments. */
export const isModerator = (user: MaybeUser): boolean => canEditContent(user)

export const moderatorsOnly: Access = ({ req: { user } }) => isModerator(user)

export const moderatorsOnlyFieldAccess: FieldAccess = ({ req: { user } }) => isModerator(user)

/**
 * Published documents for everyone; drafts, versions and scheduled ones only for editors and
 * admins (Payload applies the `_status` condition to the versions a `draft` read looks at too).
 */
export const publishedOrModerators: Access = ({ req: { user } }) =>
  isModerator(user) || { _status: { equals: 'published' } }

/** Published comments for everyone; hidden ones vanish for all but editors and admins. */
export const canReadComment: Access = ({ req: { user } }) =>
  isModerator(user) || { status: { equals: 'published' } }

/** An author edits or deletes their own published comments; editors and admins any comment. */
export const authorOrModerator: Access = ({ req: { user } }) => {
  if (isModerator(user)) return true
  if (!user || user.blocked) return false
  const own: Where[] = [{ author: { equals: user.id } }, { status: { equals: 'published' } }]
  return { and: own }
}
