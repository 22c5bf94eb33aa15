import { z } from 'zod'

import type { OutboxMessage } from '@/server/email'

import { answer, declareCall } from './call'

export const devOutbox = declareCall({
  path: '/dev/outbox',
  method: 'get',
  auth: 'anyone',
  summary: 'Development only: the mail kept instead of sent without SMTP_HOST, newest first',
  answer: answer<{ messages: OutboxMessage[] }>(
    '{messages: [{date, to, from, subject, text, html}]}',
  ),
  query: z.object({ to: z.string().optional() }),
})
