import type { Validate } from 'payload'

import { messageLocale, serverMessage } from '@/server/serverMessages'

/**
 * A value every new document must have, which may later become empty: the author of a chat
 * message or a ticket, whose reference the database empties when that account is deleted
 * (issue 44); the record stays, shown as from a deleted member.
 */
export const requiredWhenCreated: Validate = (value, { operation, req }) =>
  operation !== 'create' ||
  (value !== null && value !== undefined && value !== '') ||
  serverMessage({ locale: messageLocale(req), key: 'api.required' })
