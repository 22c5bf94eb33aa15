import { type Payload, getPayload } from 'payload'

import { closeChatHub } from '@/server/chat/hub'
import { EMAIL_QUEUE } from '@/server/jobQueues'
import config from '@payload-config'

import { closePayload } from '../../scripts/lib/closePayload'

import { deliverMailWith } from './mailbox'

/**
 * The worker's Payload. The files of a worker share their modules (vitest's `isolate: false`), so
 * they share one Payload too: it starts with the worker's first file and ends with the worker.
 * Reading the mailbox first sends what it queued, as a worker would (tests/helpers/mailbox.ts).
 */
export const startPayload = async () => {
  const payload = await getPayload({ config })
  deliverMailWith(() => runEmailQueue(payload))
  return payload
}

/** Runs the email queue until no message is ready to go (those waiting to retry stay). */
export const runEmailQueue = async (payload: Payload) => {
  for (let round = 0; round < 10; round += 1) {
    const result = await payload.jobs.run({ queue: EMAIL_QUEUE, limit: 50, silent: true })
    if (result.noJobsRemaining || !result.jobStatus) return
    if (!Object.values(result.jobStatus).some((status) => status?.status === 'success')) return
  }
}

/**
 * Closes what a file opened beside Payload: the chat's hub, made again for the next file that
 * needs it (with that file's REDIS_URL).
 */
export const releasePayload = () => closeChatHub()

export { closePayload }
