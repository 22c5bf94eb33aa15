import { FileUploadError, type PayloadRequest, ValidationError } from 'payload'

import { UPLOAD_PROBLEMS } from '@/server/uploadContent'

import { sayFor } from './http'

/**
 * Payload and the libraries under it refuse some uploads in their own English words ("Invalid PDF
 * file.", "There was a problem while uploading the file."). The site's checks run first and catch
 * what they know (server/uploadContent), and whatever still comes from below is answered in the
 * site's words, in the request's language: a file's refusal that is not the site's own becomes
 * `api.file-invalid`.
 */
export const inSiteWords = (req: PayloadRequest, error: unknown): unknown => {
  const say = sayFor(req)
  if (error instanceof FileUploadError) {
    return new ValidationError({ errors: [{ path: 'file', message: say('file-invalid') }] })
  }
  if (!(error instanceof ValidationError)) return error
  const own = new Set<string>(UPLOAD_PROBLEMS.map((code) => say(code)))
  const isForeign = (path: string, message: string) => path === 'file' && !own.has(message)
  if (!error.data.errors.some((e) => isForeign(e.path, e.message))) return error
  return new ValidationError({
    collection: error.data.collection,
    errors: error.data.errors.map((e) =>
      isForeign(e.path, e.message) ? { ...e, message: say('file-invalid') } : e,
    ),
  })
}
