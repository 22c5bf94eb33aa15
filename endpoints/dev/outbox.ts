import { z } from 'zod'

import { isProduction, readOutbox } from '@/server/email'

import { defineEndpoint } from '../lib/defineEndpoint'
import { ok } from '../lib/http'

/**
 * GET /dev/outbox[?to=address]: in development without SMTP_HOST, the mail the app would have
 * sent (registration codes, reset links), newest first. Production never serves it: the mail
 * holds secrets.
 */
export const devOutbox = defineEndpoint({
  path: '/dev/outbox',
  method: 'get',
  auth: 'anyone',
  summary: 'Development only: the mail kept instead of sent without SMTP_HOST, newest first',
  answer: '{messages: [{date, to, from, subject, text, html}]}',
  query: z.object({ to: z.string().optional() }),
  handler: async ({ query }) => {
    if (isProduction()) return Response.json({ message: 'Not Found' }, { status: 404 })
    return ok({ messages: readOutbox({ to: query.to }) })
  },
})

/** Registered only outside production, so neither the API nor its document has them there. */
export const devEndpoints = isProduction() ? [] : [devOutbox]
