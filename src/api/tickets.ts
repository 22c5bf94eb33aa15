import { z } from 'zod'

import type { TicketPage, TicketView } from '@/data/views/support'
import { LIMITS } from '@/lib/limits'
import { SUPPORT_PAGE_SIZE, TICKET_STATUSES } from '@/lib/support'

import { answer, declareCall } from './call'
import { attachmentsBodyBytes, pageFields, recordId, requiredText } from './fields'

const messageFields = { message: requiredText(LIMITS.messageMax) }

const idBody = z.object({ id: recordId })

export const addRequests = declareCall({
  path: '/add-requests',
  method: 'post',
  auth: 'signedIn',
  summary: `Open a support ticket (form data: subject, message, up to ${LIMITS.attachmentsMax} files \`attachments\`: images or PDF, 5 MB each)`,
  answer: answer<{ ticket: TicketView }>('{ticket}'),
  form: true,
  bodyBytesMax: attachmentsBodyBytes,
  body: z.object({ subject: requiredText(LIMITS.subjectMax), ...messageFields }),
})

export const getTickets = declareCall({
  path: '/get-tickets',
  method: 'post',
  auth: 'signedIn',
  summary: `The caller's tickets, newest first, ${SUPPORT_PAGE_SIZE} a page; \`queue: true\` (admins): every ticket, the longest waiting first`,
  answer: answer<TicketPage>('{tickets, page, total_pages, total}'),
  body: z.object({
    page: pageFields.page,
    status: z.enum(TICKET_STATUSES, { message: 'value-invalid' }).optional(),
    queue: z.boolean({ message: 'value-invalid' }).optional(),
  }),
})

export const getTicketById = declareCall({
  path: '/get-ticket-by-id',
  method: 'post',
  auth: 'signedIn',
  summary: 'A ticket with its whole thread (its author or admins); marks it read for its author',
  answer: answer<{ ticket: TicketView }>('{ticket}'),
  body: idBody,
})

export const replyTicket = declareCall({
  path: '/reply-ticket',
  method: 'post',
  auth: 'signedIn',
  summary: `Add a message to a ticket (form data: id, message, up to ${LIMITS.attachmentsMax} files \`attachments\`); its author or admins`,
  answer: answer<{ ticket: TicketView }>('{ticket}'),
  form: true,
  bodyBytesMax: attachmentsBodyBytes,
  body: z.object({ id: recordId, ...messageFields }),
})

export const closeTicket = declareCall({
  path: '/close-ticket',
  method: 'post',
  auth: 'signedIn',
  summary: 'Close a ticket (its author or admins)',
  answer: answer<{ ticket: TicketView }>('{ticket}'),
  body: idBody,
})
