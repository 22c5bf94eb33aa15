import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import { MODERATION_PAGE_SIZE, type ResourceTab, type WaitingCounts } from '@/lib/moderation'
import { OPEN_VERIFICATION_STATUSES } from '@/lib/support'
import type { Resource, User } from '@payload-types'

import { populated } from './media'
import type { Reader } from './reader'
import { countReportedReviews } from './reportedReviews'
import { resourceSummary } from './resources'
import { type ReviewView, findReviewPage } from './reviews'

/** A resource in the moderators' queue: what the directory would show, its owner and links. */
export const moderatedResourceView = (resource: Resource) => {
  const owner = populated<User>(resource.owner)
  return {
    ...resourceSummary(resource),
    links: (resource.links ?? []).map((link) => link.url),
    owner: owner ? { id: owner.id, display_name: owner.displayName } : null,
    created_at: resource.createdAt,
    updated_at: resource.updatedAt,
    rejection_reason: resource.rejectionReason ?? null,
    moderated_at: resource.moderatedAt ?? null,
  }
}

export type ModeratedResourceView = ReturnType<typeof moderatedResourceView>

export type ModeratedResourcePage = {
  resources: ModeratedResourceView[]
  page: number
  total_pages: number
  total: number
}

/**
 * One page of the resources queue: those waiting for approval, oldest first, or the rejected
 * ones, latest rejected first; titled in `locale`.
 */
export const findModeratedResources = async ({
  payload,
  req,
  locale,
  tab,
  page,
}: Reader & { tab: ResourceTab; page: number }): Promise<ModeratedResourcePage> => {
  const found = await payload.find({
    collection: 'resources',
    where: { status: { equals: tab } },
    sort: tab === 'pending' ? ['createdAt', 'id'] : ['-moderatedAt', '-id'],
    page,
    limit: MODERATION_PAGE_SIZE,
    depth: 1,
    locale,
    populate: { users: { displayName: true }, media: { url: true, sizes: true } },
    overrideAccess: true,
    req,
  })
  return {
    resources: (found.docs as Resource[]).map(moderatedResourceView),
    page,
    total_pages: found.totalPages,
    total: found.totalDocs,
  }
}

/** One resource as the queue shows it, in `locale`; null when there is none. */
export const findModeratedResource = async ({
  payload,
  req,
  locale,
  id,
}: Reader & { id: number }) => {
  const found = await payload.find({
    collection: 'resources',
    where: { id: { equals: id } },
    depth: 1,
    locale,
    limit: 1,
    populate: { users: { displayName: true }, media: { url: true, sizes: true } },
    overrideAccess: true,
    req,
  })
  const resource = found.docs[0] as Resource | undefined
  return resource ? moderatedResourceView(resource) : null
}

/**
 * What waits for the moderators, each the size of its queue: reviews with open reports, tickets
 * waiting for support's answer, verification requests to decide (sent or under review),
 * resources waiting for approval, resources whose new PGP key waits for an admin and contact
 * messages nobody has handled. The site's dashboard (/moderation), its call and the admin's
 * dashboard panel all show these.
 */
export const waitingCounts = async ({ payload, req }: Reader): Promise<WaitingCounts> => {
  const count = async (
    collection: 'reviews' | 'tickets' | 'verification-requests' | 'resources' | 'contact-messages',
    where: Parameters<Payload['count']>[0]['where'],
  ) => (await payload.count({ collection, where, overrideAccess: true, req })).totalDocs
  const [reports, held, tickets, verification, resources, keys, contacts] = await Promise.all([
    countReportedReviews({ payload, req, tab: 'open' }),
    count('reviews', { status: { equals: 'pending' } }),
    count('tickets', { status: { equals: 'open' } }),
    count('verification-requests', { status: { in: [...OPEN_VERIFICATION_STATUSES] } }),
    count('resources', { status: { equals: 'pending' } }),
    count('resources', { pendingPgpKeyAt: { exists: true } }),
    count('contact-messages', { handled: { not_equals: true } }),
  ])
  return { reports, held, tickets, verification, resources, keys, contacts }
}

/**
 * The reviews the review guard held (status `pending`), oldest first, with what their authors are
 * weighed by, each with its resource: the held reviews' queue (admins).
 */
export const findHeldReviews = async ({
  payload,
  req,
  locale,
  page,
}: Reader & { page: number }): Promise<HeldReviewPage> => {
  const found = await findReviewPage({
    payload,
    req: req as PayloadRequest | undefined,
    locale,
    where: { status: { equals: 'pending' } },
    sort: ['createdAt', 'id'],
    page,
    limit: MODERATION_PAGE_SIZE,
  })
  return { reviews: found.reviews, page, total_pages: found.pages, total: found.total }
}

export type HeldReviewPage = {
  reviews: ReviewView[]
  page: number
  total_pages: number
  total: number
}
