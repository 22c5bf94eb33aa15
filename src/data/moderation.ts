import 'server-only'

import type { Payload } from 'payload'

import { getPayload } from './payload'
import { waitingCounts as countWaiting } from './views/moderation'

/**
 * What waits for the moderators (src/data/views/moderation.ts), for the site's dashboard and the
 * admin's dashboard panel, which passes the Payload it was given.
 */
export const waitingCounts = async ({ payload }: { payload?: Payload } = {}) =>
  countWaiting({ payload: payload ?? (await getPayload()) })
