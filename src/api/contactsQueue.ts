import { z } from 'zod'

import type { ContactMessagePage, ContactMessageView } from '@/data/views/contacts'
import { LIMITS } from '@/lib/limits'
import type { UndoOffer } from '@/lib/moderation'
import { canModerate } from '@/lib/roles'
import { SUPPORT_PAGE_SIZE } from '@/lib/support'

import { answer, declareCall } from './call'
import { pageFields, recordId, requiredText } from './fields'

const flag = z.boolean({ message: 'value-invalid' })

export const getContactMessages = declareCall({
  path: '/get-contact-messages',
  method: 'post',
  auth: canModerate,
  summary: `The contact form's messages (admins): \`handled: false\` the unprocessed, oldest first; \`handled: true\` the processed, latest handled first; ${SUPPORT_PAGE_SIZE} a page, with the count of each`,
  answer: answer<ContactMessagePage>('{messages, page, total_pages, total, counts}'),
  body: z.object({ page: pageFields.page, handled: flag.optional() }),
})

export const markContactMessage = declareCall({
  path: '/mark-contact-message',
  method: 'post',
  auth: canModerate,
  summary:
    'Mark a contact message processed (`handled: true`) or return it to the queue (admins); a change answers an `undo` (see /undo-moderation)',
  answer: answer<{ message: ContactMessageView; undo: UndoOffer | null }>('{message, undo}'),
  body: z.object({ id: recordId, handled: flag }),
})

export const replyContactMessage = declareCall({
  path: '/reply-contact-message',
  method: 'post',
  auth: canModerate,
  summary:
    "Reply to a contact message by email (admins): the reply goes to the sender's address, is recorded on the message with who and when, and marks it processed; a message is replied to once",
  answer: answer<{ message: ContactMessageView }>('{message}'),
  body: z.object({ id: recordId, reply: requiredText(LIMITS.messageMax) }),
})
