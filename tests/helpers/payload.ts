import { getPayload } from 'payload'

import { closeChatHub } from '@/server/chat/hub'
import config from '@payload-config'

import { closePayload } from '../../scripts/lib/closePayload'

/**
 * The worker's Payload. The files of a worker share their modules (vitest's `isolate: false`), so
 * they share one Payload too: it starts with the worker's first file and ends with the worker.
 */
export const startPayload = () => getPayload({ config })

/**
 * Closes what a file opened beside Payload: the chat's hub, made again for the next file that
 * needs it (with that file's REDIS_URL).
 */
export const releasePayload = () => closeChatHub()

export { closePayload }
