import type { CollectionBeforeChangeHook } from 'payload'

import { InvitationSpentError, reviewInvitation } from '@/server/hookContract'
import { invitationTokenHash } from '@/server/invitationTokens'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { spendInvitation } from '@/server/sql/invitations'
import { relationId } from '@access/resources'
import type { Review } from '@payload-types'

/**
 * A review is `invited` only when it spent an invitation, whatever door it came through: the
 * field's access keeps every door's value out, and this hook (after the review's own checks)
 * sets it from the invitation the site's call handed over (`reviewInvitation`), spent here in the
 * review's transaction, or keeps it as it was on an edit. An invitation that is used, expired,
 * unknown or another resource's refuses the review (409) and rolls it back.
 */
export const claimInvitation: CollectionBeforeChangeHook<Review> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'create') {
    data.invited = originalDoc?.invited ?? false
    return data
  }
  data.invited = false
  const token = reviewInvitation.get(req)
  if (token === null) return data
  const tokenHash = invitationTokenHash(token)
  const resourceId = relationId(data.resource)
  const spent =
    tokenHash !== null &&
    resourceId !== null &&
    (await spendInvitation(req, { tokenHash, resourceId }))
  if (!spent) {
    throw new InvitationSpentError(
      serverMessage({ locale: messageLocale(req), key: 'api.invitation-used' }),
    )
  }
  data.invited = true
  return data
}
