import useSWR, { useSWRConfig } from 'swr'

import type { PostBody } from '../api'

import { postRead } from './fetcher'

const REPORTS = '/get-review-reports'
const RESOURCES = '/get-moderation-resources'
const HELD = '/get-held-reviews'

/** A queue changes under a moderator's own hand and others': each mount asks again. */
const FRESH_QUEUE = { keepPreviousData: true, dedupingInterval: 0 }

/** One page of the reported reviews, open or handled (admins). */
export const useReviewReports = (query: PostBody<typeof REPORTS>) =>
  useSWR([REPORTS, query] as const, postRead<typeof REPORTS>, FRESH_QUEUE)

/** One page of the resources waiting for approval, or of the rejected ones (admins). */
export const useModerationResources = (query: PostBody<typeof RESOURCES>) =>
  useSWR([RESOURCES, query] as const, postRead<typeof RESOURCES>, FRESH_QUEUE)

/** One page of the reviews held for moderation (admins). */
export const useHeldReviews = (query: PostBody<typeof HELD>) =>
  useSWR([HELD, query] as const, postRead<typeof HELD>, FRESH_QUEUE)

const QUEUE_READS = { reports: REPORTS, resources: RESOURCES, held: HELD } as const

export type QueueName = keyof typeof QUEUE_READS

/**
 * Asks every page of one queue again (both of its tabs) after a decision moved an item from one
 * tab to the other, or out of the queue.
 */
export const useRefreshQueue = (queue: QueueName) => {
  const { mutate } = useSWRConfig()
  const path = QUEUE_READS[queue]
  return () => mutate((key) => Array.isArray(key) && key[0] === path)
}
