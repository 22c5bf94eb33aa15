import useSWR, { useSWRConfig } from 'swr'

import type { PostBody } from '../api'

import { postRead } from './fetcher'

const REPORTS = '/get-review-reports'
const RESOURCES = '/get-moderation-resources'

/** A queue changes under a moderator's own hand and others': each mount asks again. */
const FRESH_QUEUE = { keepPreviousData: true, dedupingInterval: 0 }

/** One page of the reported reviews, open or handled (admins). */
export const useReviewReports = (query: PostBody<typeof REPORTS>) =>
  useSWR([REPORTS, query] as const, postRead<typeof REPORTS>, FRESH_QUEUE)

/** One page of the resources waiting for approval, or of the rejected ones (admins). */
export const useModerationResources = (query: PostBody<typeof RESOURCES>) =>
  useSWR([RESOURCES, query] as const, postRead<typeof RESOURCES>, FRESH_QUEUE)

/**
 * Asks every page of one queue again (both of its tabs) after a decision moved an item from one
 * tab to the other.
 */
export const useRefreshQueue = (queue: 'reports' | 'resources') => {
  const { mutate } = useSWRConfig()
  const path = queue === 'reports' ? REPORTS : RESOURCES
  return () => mutate((key) => Array.isArray(key) && key[0] === path)
}
