import { z } from 'zod'

import { answer, declareCall } from './call'

/** One message as the development outbox keeps it (src/server/email.ts writes them). */
type OutboxMessageView = {
  date: string
  to: string
  from: string
  subject: string
  text: string
  html: string
}

export const devOutbox = declareCall({
  path: '/dev/outbox',
  method: 'get',
  auth: 'anyone',
  summary: 'Development only: the mail kept instead of sent without SMTP_HOST, newest first',
  answer: answer<{ messages: OutboxMessageView[] }>(
    '{messages: [{date, to, from, subject, text, html}]}',
  ),
  query: z.object({ to: z.string().optional() }),
})
