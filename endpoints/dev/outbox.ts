import * as calls from '@/api/dev'
import { isProduction, readOutbox } from '@/server/email'

import { defineEndpoint } from '../lib/defineEndpoint'

import { devRatesFeed } from './ratesFeed'

/**
 * GET /dev/outbox[?to=address]: in development without SMTP_HOST, the mail the app would have
 * sent (registration codes, reset links), newest first. Production never serves it: the mail
 * holds secrets.
 */
export const devOutbox = defineEndpoint(calls.devOutbox, {
  handler: async ({ query, reply }) => {
    if (isProduction()) return Response.json({ message: 'Not Found' }, { status: 404 })
    return reply({ messages: readOutbox({ to: query.to }) })
  },
})

/** Registered only outside production, so neither the API nor its document has them there. */
export const devEndpoints = isProduction() ? [] : [devOutbox, devRatesFeed]
