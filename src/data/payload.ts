import 'server-only'

import { getPayload as getPayloadInstance } from 'payload'

import config from '@payload-config'

/**
 * The app's Payload. `cron` starts the jobs' runner (scheduled publications, `jobs.autoRun`) with
 * the first page the instance renders, not only with the first admin or API request.
 */
export const getPayload = () => getPayloadInstance({ config, cron: true })
