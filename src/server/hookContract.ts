import 'server-only'

import { APIError, type PayloadRequest } from 'payload'

/**
 * The contract between the site's calls (endpoints/) and the collections' hooks: the flags a call
 * sets on `req.context` for a hook to read, and the errors a hook throws for a call to tell apart.
 * Declared here, once; neither side reaches into the other's files.
 */

const flag = (key: string) => ({
  set: (req: PayloadRequest) => {
    req.context[key] = true
  },
  isSet: (req: PayloadRequest) => req.context[key] === true,
})

/**
 * The site's sign-in (`/api/login`) has checked the password and goes on to ask for the email
 * code or the second factor itself: `guardLogin` lets it make the session of an account that
 * Payload's own login would refuse for want of those steps.
 */
export const passwordStepOfSiteLogin = flag('passwordStepOfSiteLogin')

/**
 * The site's password reset (`/api/reset-password`), which ends at once the session Payload's
 * reset opens: `guardLogin` lets it through for an account with a second factor, whose next
 * sign-in still asks for it. Payload's own reset door, which hands its token out, stays shut.
 */
export const siteResetsPassword = flag('siteResetsPassword')

/**
 * The site's email-change confirmation (`/api/confirm-email-change`) has the code sent to the new
 * address: `guardAccountChanges` lets a member's email change only then.
 */
export const newEmailConfirmed = flag('newEmailConfirmed')

/**
 * A review of a resource its author owns (`own-resource`) or whose owner employs them
 * (`staff-resource`): 403, as Payload's Forbidden, with our message.
 */
export class OwnResourceReviewError extends APIError {
  constructor(
    readonly code: 'own-resource' | 'staff-resource',
    message: string,
  ) {
    super(message, 403, null, true)
    this.name = 'Forbidden'
  }
}

/**
 * The site's account deletion (`/api/delete-account`) has checked the member's password and
 * second factor: `eraseAccount` records the deletion as the member's own, not an admin's.
 */
export const memberDeletesOwnAccount = flag('memberDeletesOwnAccount')

const REVIEW_INVITATION = 'reviewInvitation'

/**
 * The invitation a review is written through (`/api/add-reviews` with `invitation`): the call
 * hands the link's token to the reviews' `claimInvitation` hook, which spends it in the review's
 * own transaction. No door but the site's call sets it, so no door marks a review invited itself.
 */
export const reviewInvitation = {
  set: (req: PayloadRequest, token: string) => {
    req.context[REVIEW_INVITATION] = token
  },
  get: (req: PayloadRequest): string | null => {
    const token = req.context[REVIEW_INVITATION]
    return typeof token === 'string' ? token : null
  },
}

/** An invitation that cannot bring this review (used, expired, unknown, or another resource's): 409. */
export class InvitationSpentError extends APIError {
  constructor(message: string) {
    super(message, 409, null, true)
    this.name = 'Conflict'
  }
}
