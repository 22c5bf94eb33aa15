import { z } from 'zod'

import { canSeeMachinery } from '@/lib/roles'

import { answer, declareCall } from './call'
import { recordId } from './fields'

export const retryJob = declareCall({
  path: '/retry-job',
  method: 'post',
  auth: canSeeMachinery,
  summary:
    'Run a failed job of the jobs queue again (admins): a new job of the same task, input and queue is queued in its place and the failed one removed; a job that is not (or no longer) failed answers 404',
  answer: answer<{ job_id: number }>('{job_id}: the new job'),
  body: z.object({ job_id: recordId }),
})
