import 'server-only'

import type { PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/routing'
import { INVITATION_TTL_MS } from '@/lib/invitations'

import { inTransaction } from '../db'
import { invitationAddressHash, invitationTokenHash, newInvitationToken } from '../invitationTokens'
import { metrics } from '../metrics'
import { consumeAttempt } from '../rateLimit'
import { insertLinkInvitations } from '../sql/invitations'

import { queueInvitationMail } from './mail'

/** Why an invitation was not made: each is told to the owner in their language. */
export type InvitationRefusal =
  'invitation-exists' | 'invitation-opted-out' | 'invitations-rate-limited'

type Made<T> = { made: T; refused?: undefined } | { refused: InvitationRefusal }

/** The resource as an invitation names it: its id and its title in the mail's language. */
type InvitedResource = { id: number; title: string }

const expiry = () => new Date(Date.now() + INVITATION_TTL_MS).toISOString()

/** Whether an address was already invited to review `resourceId`, or asked for no invitations. */
const refusalFor = async (req: PayloadRequest, resourceId: number, addressHash: string) => {
  const [optedOut, invited] = await Promise.all([
    req.payload.count({
      collection: 'invitation-opt-outs',
      where: { addressHash: { equals: addressHash } },
      overrideAccess: true,
      req,
    }),
    req.payload.count({
      collection: 'review-invitations',
      where: { resource: { equals: resourceId }, addressHash: { equals: addressHash } },
      overrideAccess: true,
      req,
    }),
  ])
  if (optedOut.totalDocs > 0) return 'invitation-opted-out' as const
  if (invited.totalDocs > 0) return 'invitation-exists' as const
  return null
}

/**
 * Invites one customer by mail, in `locale`: once per address and resource (a unique index holds
 * it against two requests at once), never to an address that opted out, within the resource's
 * daily allowance. The invitation and its queued mail commit together. The caller has checked
 * that `user` manages the resource.
 */
export const inviteByEmail = async ({
  req,
  userId,
  resource,
  email,
  locale,
}: {
  req: PayloadRequest
  userId: number
  resource: InvitedResource
  email: string
  locale: Locale
}): Promise<Made<true>> => {
  const addressHash = invitationAddressHash(email)
  const refused = await refusalFor(req, resource.id, addressHash)
  if (refused) return { refused }
  const allowed = await consumeAttempt({
    req,
    limit: 'invitationsPerResource',
    key: String(resource.id),
  })
  if (!allowed) return { refused: 'invitations-rate-limited' }
  const token = newInvitationToken()
  try {
    await inTransaction(req, async () => {
      await req.payload.create({
        collection: 'review-invitations',
        data: {
          resource: resource.id,
          kind: 'email',
          locale,
          createdBy: userId,
          tokenHash: invitationTokenHash(token)!,
          addressHash,
          expiresAt: expiry(),
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await queueInvitationMail({
        req,
        to: email,
        locale,
        title: resource.title,
        token,
        addressHash,
      })
    })
  } catch (error) {
    // Two invitations to one address at once: the unique index lets one through.
    const again = await refusalFor(req, resource.id, addressHash)
    if (again) return { refused: again }
    throw error
  }
  metrics().invitations.inc({ event: 'sent' })
  return { made: true }
}

/**
 * Makes `count` single-use links to hand out, each spending one of the resource's daily
 * allowance; their tokens are returned this once and kept only as hashes.
 */
export const makeInvitationLinks = async ({
  req,
  userId,
  resourceId,
  count,
  locale,
}: {
  req: PayloadRequest
  userId: number
  resourceId: number
  count: number
  locale: Locale
}): Promise<Made<string[]>> => {
  const allowed = await consumeAttempt({
    req,
    limit: 'invitationsPerResource',
    key: String(resourceId),
    points: count,
  })
  if (!allowed) return { refused: 'invitations-rate-limited' }
  const tokens = Array.from({ length: count }, newInvitationToken)
  await insertLinkInvitations(req, {
    resourceId,
    userId,
    locale,
    tokenHashes: tokens.map((token) => invitationTokenHash(token)!),
    expiresAt: expiry(),
  })
  metrics().invitations.inc({ event: 'sent' }, count)
  return { made: tokens }
}
