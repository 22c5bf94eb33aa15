import { z } from 'zod'

import type { RateFeedHealth } from '@/data/views/rateFeeds'

import { answer, declareCall } from './call'
import { recordId } from './fields'

export const getRatesFeedHealth = declareCall({
  path: '/rates-feed-health',
  method: 'get',
  auth: 'signedIn',
  summary:
    "An exchanger's rates feed as its owner sees it (404 for anyone who does not manage it): the address, whether and why it is fetched, the last fetch, the items accepted and refused with reasons",
  answer: answer<{ health: RateFeedHealth }>(
    '{health: {resource_id, feed, state, public_status, fetched_at, fresh_at, changed_at, error, http_status, ms, bytes, accepted, refused, refusals: [{item, from, to, reason}], offers, stale_after, read_at}}',
  ),
  query: z.object({ resource_id: recordId }),
})
