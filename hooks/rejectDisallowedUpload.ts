import { type CollectionBeforeOperationHook, ValidationError } from 'payload'

import { messageLocale, serverMessage } from '@/server/serverMessages'
import { inspectUpload } from '@/server/uploadContent'

/**
 * Refuses an upload whose bytes are not one of `mimeTypes`, whatever its name or declared type
 * says, or a PDF that Payload would refuse in English, with the site's message in the visitor's
 * language.
 */
export const rejectDisallowedUpload =
  ({ mimeTypes }: { mimeTypes: string[] }): CollectionBeforeOperationHook =>
  async ({ args, operation, req }) => {
    if ((operation !== 'create' && operation !== 'update') || !req.file) return args
    const inspected = await inspectUpload({ data: req.file.data, mimeTypes })
    if (!inspected.problem) return args
    const locale = messageLocale(req)
    throw new ValidationError({
      collection: 'media',
      errors: [
        { path: 'file', message: serverMessage({ locale, key: `api.${inspected.problem}` }) },
      ],
    })
  }
