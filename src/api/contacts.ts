import { z } from 'zod'

import { LIMITS } from '@/lib/limits'

import { emailField } from './authFields'
import { answer, declareCall } from './call'
import { attachmentsBodyBytes, requiredText } from './fields'

export const addContacts = declareCall({
  path: '/add-contacts',
  method: 'post',
  auth: 'anyone',
  summary: `Send a message to the site's team (form data; up to ${LIMITS.attachmentsMax} files \`attachments\`: images or PDF, 5 MB each)`,
  answer: answer<{ sent: true }>('{sent: true}'),
  form: true,
  bodyBytesMax: attachmentsBodyBytes,
  body: z.object({
    name: requiredText(LIMITS.nameMax),
    email: emailField,
    subject: requiredText(LIMITS.subjectMax),
    message: requiredText(LIMITS.messageMax),
    captcha: z.string().optional(),
  }),
})
