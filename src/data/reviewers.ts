import 'server-only'

import { cache } from 'react'

import type { Locale } from '@/i18n/routing'
import type { User } from '@payload-types'

import { getPayload } from './payload'
import { type ReviewerProfile, findReviewer, findReviewerReviews } from './views/reviewers'

/**
 * The reviewer a profile's address names, or null (404) when there is none to show; read once per
 * request, for the page and its metadata alike. Not cached across requests: the page is rendered
 * per request from indexed reads (src/data/views/reviewers.ts).
 */
export const readReviewer = cache(async (login: string) =>
  findReviewer({ payload: await getPayload(), login }),
)

/** One page of the reviewer's published reviews, newest first. */
export const readReviewerReviews = async (args: {
  reviewer: ReviewerProfile
  page: number
  locale: Locale
}) => findReviewerReviews({ payload: await getPayload(), ...args })

/** Whether the account keeps its reviewer profile private, read as the account's holder. */
export const readProfilePrivate = async (user: User): Promise<boolean> => {
  const payload = await getPayload()
  const account = await payload.findByID({
    collection: 'users',
    id: user.id,
    select: { profilePrivate: true },
    depth: 0,
    overrideAccess: false,
    user,
  })
  return Boolean(account.profilePrivate)
}
