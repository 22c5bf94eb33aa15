import { fileTypeFromBuffer } from 'file-type'
import { type CollectionBeforeOperationHook, ValidationError } from 'payload'

import { requestLocale, serverMessage } from '@/server/serverMessages'

/**
 * Refuses an upload whose bytes are not one of `mimeTypes`, whatever its name or declared type
 * says, with the spec's message in the visitor's language.
 */
export const rejectDisallowedUpload =
  ({ mimeTypes }: { mimeTypes: string[] }): CollectionBeforeOperationHook =>
  async ({ args, operation, req }) => {
    if ((operation !== 'create' && operation !== 'update') || !req.file) return args
    const detected = await fileTypeFromBuffer(req.file.data)
    if (detected && mimeTypes.includes(detected.mime)) return args
    const locale = requestLocale(req.headers)
    throw new ValidationError({
      collection: 'media',
      errors: [
        { path: 'file', message: serverMessage({ locale, key: 'api.file-type-not-allowed' }) },
      ],
    })
  }
