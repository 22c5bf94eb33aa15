import { z } from 'zod'

import type { VerificationRequestPage, VerificationRequestView } from '@/data/views/support'
import { LIMITS } from '@/lib/limits'
import { RESOURCE_TYPE_VALUES } from '@/lib/resourceTypes'
import { canDecideVerification } from '@/lib/roles'
import {
  SUPPORT_PAGE_SIZE,
  VERIFICATION_DECISIONS,
  VERIFICATION_STATUSES,
  VERIFICATION_WAITING,
  type VerificationDecision,
} from '@/lib/support'

import { answer, declareCall } from './call'
import { attachmentsBodyBytes, pageFields, recordId, requiredText } from './fields'

/** A request as its call answers it: null only if the caller can no longer see it. */
type RequestAnswer = { request: VerificationRequestView | null }

const statusField = z.enum(VERIFICATION_STATUSES, { message: 'value-invalid' }).optional()

/** The queue's filter: a state, or `waiting`, every request that needs a decision. */
const queueStatusField = z
  .enum([...VERIFICATION_STATUSES, VERIFICATION_WAITING], { message: 'value-invalid' })
  .optional()

const DECISION_NAMES = Object.keys(VERIFICATION_DECISIONS) as [
  VerificationDecision,
  ...VerificationDecision[],
]

export const addRequestForVerification = declareCall({
  path: '/add-request-for-verification',
  method: 'post',
  auth: 'signedIn',
  summary: `Ask for a resource you manage to be verified (form data: resource_id, message, 1 to ${LIMITS.attachmentsMax} files \`attachments\`: images or PDF, 5 MB each)`,
  answer: answer<RequestAnswer>('{request}'),
  form: true,
  bodyBytesMax: attachmentsBodyBytes,
  body: z.object({ resource_id: recordId, message: requiredText(LIMITS.messageMax) }),
})

export const getMyRequests = declareCall({
  path: '/get-my-requests',
  method: 'post',
  auth: 'signedIn',
  summary: `Verification requests on the resources you manage or that you sent, newest first, ${SUPPORT_PAGE_SIZE} a page`,
  answer: answer<VerificationRequestPage>('{requests, page, total_pages, total}'),
  body: z.object({ page: pageFields.page, status: statusField }),
})

export const getAllRequests = declareCall({
  path: '/get-all-requests',
  method: 'post',
  auth: canDecideVerification,
  summary: `The verification queue (admins): filter by status (\`waiting\`: sent and under review together, what needs a decision) and resource type; waiting requests oldest first, ${SUPPORT_PAGE_SIZE} a page`,
  answer: answer<VerificationRequestPage>('{requests, page, total_pages, total}'),
  body: z.object({
    page: pageFields.page,
    status: queueStatusField,
    type: z.enum(RESOURCE_TYPE_VALUES, { message: 'value-invalid' }).optional(),
  }),
})

export const decideRequest = declareCall({
  path: '/decide-request',
  method: 'post',
  auth: canDecideVerification,
  summary:
    "Decide a verification request (admins): decision review | approve | reject | revoke; `answer`, the moderator's answer the owner reads, is required to reject or revoke and optional to approve",
  answer: answer<RequestAnswer>('{request}'),
  body: z.object({
    id: recordId,
    decision: z.enum(DECISION_NAMES, { message: 'value-invalid' }),
    answer: z
      .string()
      .transform((value) => value.replace(/\r\n?/g, '\n').trim())
      .pipe(z.string().max(LIMITS.messageMax, 'too-long'))
      .optional(),
  }),
})

export const deleteRequest = declareCall({
  path: '/delete-request',
  method: 'post',
  auth: canDecideVerification,
  summary: 'Delete a verification request (admins); a verified resource stays verified',
  answer: answer<{ deleted: true }>('{deleted: true}'),
  body: z.object({ id: recordId }),
})
