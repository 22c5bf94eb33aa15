import { type PayloadRequest, ValidationError } from 'payload'

import { messageLocale, serverMessage } from '@/server/serverMessages'

/** A moderation rule's refusal of `path`, in the request's language (`api.<key>`). */
export const refuseField = ({
  req,
  collection,
  path,
  key = 'required',
}: {
  req: PayloadRequest
  collection: string
  path: string
  key?: string
}) =>
  new ValidationError({
    collection,
    errors: [{ path, message: serverMessage({ locale: messageLocale(req), key: `api.${key}` }) }],
    req,
  })

/** A reason as given: trimmed text, or '' for anything else. */
export const reasonOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
