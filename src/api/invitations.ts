import { z } from 'zod'

import { LOCALES } from '@/i18n/routing'
import { INVITATION_BATCH_MAX, type InvitationCounts } from '@/lib/invitations'
import { canManageResources } from '@/lib/roles'

import { emailField } from './authFields'
import { answer, declareCall } from './call'
import { recordId, wholeNumber } from './fields'

const locale = z.enum(LOCALES, { error: 'value-invalid' })

export const sendInvitation = declareCall({
  path: '/invitations-send',
  method: 'post',
  auth: canManageResources,
  summary:
    "Invite one customer by mail to review a published resource the caller manages, in the customer's language: once per address and resource, never to an address that opted out; rate-limited per resource",
  answer: answer<{ counts: InvitationCounts }>('{counts: {sent, opened, reviewed}}'),
  body: z.object({ resource_id: recordId, email: emailField, locale }),
})

export const makeInvitationLinks = declareCall({
  path: '/invitations-links',
  method: 'post',
  auth: canManageResources,
  summary: `Make up to ${INVITATION_BATCH_MAX} single-use review links for a published resource the caller manages; the links are shown this once (only their hashes are kept)`,
  answer: answer<{ links: string[]; counts: InvitationCounts }>(
    '{links: [url], counts: {sent, opened, reviewed}}',
  ),
  body: z.object({
    resource_id: recordId,
    count: wholeNumber('value-invalid').pipe(
      z.number().min(1, 'value-invalid').max(INVITATION_BATCH_MAX, 'invitations-batch-too-large'),
    ),
    locale,
  }),
})

export const getInvitationCounts = declareCall({
  path: '/invitations-counts',
  method: 'get',
  auth: canManageResources,
  summary:
    "A managed resource's invitations: sent (mails and links), opened and turned into a review; never which customer wrote which review",
  answer: answer<{ counts: InvitationCounts }>('{counts: {sent, opened, reviewed}}'),
  query: z.object({ resource_id: recordId }),
})

export const optOutOfInvitations = declareCall({
  path: '/invitations-opt-out',
  method: 'post',
  auth: 'anyone',
  summary:
    "One-click opt-out (RFC 8058) from an invitation mail's signed link: the site never sends that address an invitation again",
  answer: answer<{ stopped: true }>('{stopped: true}'),
  // The token in the address (a mail client's one-click POST), or in the body (the page's button).
  query: z.object({ token: z.string().optional() }),
  body: z.object({ token: z.string().optional(), 'List-Unsubscribe': z.string().optional() }),
})
