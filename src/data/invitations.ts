import 'server-only'

import type { Locale } from '@/i18n/routing'
import type { InvitationCounts, InvitationState } from '@/lib/invitations'
import { relationId } from '@/lib/relations'
import { type ResourceType, resourcePath } from '@/lib/resourceTypes'
import { invitationTokenHash } from '@/server/invitationTokens'
import { metrics } from '@/server/metrics'
import { invitationCounts, markInvitationOpened } from '@/server/sql/invitations'
import { managesResource } from '@access/resources'
import type { User } from '@payload-types'

import { getPayload } from './payload'
import { imageUrl } from './views/media'

/** The owner's invitations screen for one resource: its figures, never who wrote what. */
export type InvitationScreen = {
  id: number
  title: string
  path: string
  published: boolean
  counts: InvitationCounts
}

/** Null when the user may not manage the resource (owner, operator of its type, admin). */
export const getInvitationScreen = async ({
  id,
  user,
  locale,
}: {
  id: number
  user: User
  locale: Locale
}): Promise<InvitationScreen | null> => {
  const payload = await getPayload()
  const resource = await payload.findByID({
    collection: 'resources',
    id,
    depth: 0,
    locale,
    user,
    overrideAccess: false,
    disableErrors: true,
    select: { title: true, type: true, slug: true, status: true },
  })
  if (!resource || !(await managesResource({ payload, user, resourceId: resource.id }))) {
    return null
  }
  return {
    id: resource.id,
    title: resource.title,
    path: resourcePath(resource),
    published: resource.status === 'published',
    counts: await invitationCounts({ payload, resourceId: resource.id }),
  }
}

/** What an invitation's visitor may do: sign in, write the review, or why they cannot. */
export type InvitationViewer = 'guest' | 'review' | 'reviewed' | 'manages' | 'staff'

export type InvitationVisit = {
  state: InvitationState
  resource: {
    id: number
    type: ResourceType
    title: string
    path: string
    image: string | null
    verified: boolean
    rating_average: number
    review_count: number
  } | null
  viewer: InvitationViewer
}

const UNKNOWN: InvitationVisit = { state: 'unknown', resource: null, viewer: 'guest' }

/**
 * An invitation's page as `user` opens it: the invitation's state, its published resource, and
 * what the visitor may do. The first opening by anyone but the resource's staff is recorded
 * (the owner's "opened"); nothing else is, and nothing tells who opened it.
 */
export const visitInvitation = async ({
  token,
  user,
  locale,
}: {
  token: string
  user: User | null
  locale: Locale
}): Promise<InvitationVisit> => {
  const tokenHash = invitationTokenHash(token)
  if (!tokenHash) return UNKNOWN
  const payload = await getPayload()
  const { docs } = await payload.find({
    collection: 'review-invitations',
    where: { tokenHash: { equals: tokenHash } },
    select: { resource: true, usedAt: true, expiresAt: true },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
  })
  const invitation = docs[0]
  const resourceId = relationId(invitation?.resource)
  const resource = resourceId
    ? await payload.findByID({
        collection: 'resources',
        id: resourceId,
        depth: 1,
        locale,
        overrideAccess: false,
        disableErrors: true,
        select: {
          type: true,
          title: true,
          slug: true,
          image: true,
          verified: true,
          owner: true,
          ratingAverage: true,
          reviewCount: true,
        },
      })
    : null
  if (!invitation || !resource) return UNKNOWN
  const state: InvitationState = invitation.usedAt
    ? 'used'
    : new Date(invitation.expiresAt).getTime() <= Date.now()
      ? 'expired'
      : 'open'
  const viewer = await viewerOf({
    user,
    resourceId: resource.id,
    owner: relationId(resource.owner),
  })
  if (state === 'open' && viewer !== 'manages' && viewer !== 'staff') {
    if (await markInvitationOpened({ payload, tokenHash })) {
      metrics().invitations.inc({ event: 'opened' })
    }
  }
  return {
    state,
    viewer,
    resource: {
      id: resource.id,
      type: resource.type,
      title: resource.title,
      path: resourcePath(resource),
      image: imageUrl(resource.image),
      verified: Boolean(resource.verified),
      rating_average: Number(resource.ratingAverage ?? 0),
      review_count: Number(resource.reviewCount ?? 0),
    },
  }
}

const viewerOf = async ({
  user,
  resourceId,
  owner,
}: {
  user: User | null
  resourceId: number
  owner: number | null
}): Promise<InvitationViewer> => {
  if (!user) return 'guest'
  const payload = await getPayload()
  if (await managesResource({ payload, user, resourceId })) return 'manages'
  if (owner !== null && relationId(user.employer) === owner) return 'staff'
  const { totalDocs } = await payload.count({
    collection: 'reviews',
    where: { resource: { equals: resourceId }, author: { equals: user.id } },
    overrideAccess: true,
  })
  return totalDocs > 0 ? 'reviewed' : 'review'
}
