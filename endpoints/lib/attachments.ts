import type { File as PayloadFile, PayloadRequest } from 'payload'

import { LIMITS, UPLOAD_RULES } from '@/lib/limits'
import { messageLocale, serverMessage } from '@/server/serverMessages'

import { invalid } from './http'
import { checkUpload } from './upload'

/**
 * The files of a form's `attachments` (an empty file input sends one nameless empty part, which is
 * no file): at most LIMITS.attachmentsMax, at least one when `required`, each an image or PDF of
 * at most 5 MB by its bytes. Either the 422 to answer, or the files ready to store.
 */
export const checkAttachments = async ({
  req,
  files,
  required = false,
}: {
  req: PayloadRequest
  files: File[]
  required?: boolean
}): Promise<
  { failure: Response; uploads?: undefined } | { failure?: undefined; uploads: PayloadFile[] }
> => {
  const sent = files.filter((file) => file.size > 0 || file.name)
  if (required && !sent.length) {
    return { failure: invalid({ req, errors: { attachments: ['files-required'] } }) }
  }
  if (sent.length > LIMITS.attachmentsMax) {
    const message = serverMessage({
      locale: messageLocale(req),
      key: 'attachments.too-many',
      values: { max: LIMITS.attachmentsMax },
    })
    return {
      failure: Response.json(
        { status: 422, code: 'validation-failed', message, errors: { attachments: [message] } },
        { status: 422 },
      ),
    }
  }
  const uploads: PayloadFile[] = []
  for (const file of sent) {
    const checked = await checkUpload({ file, rule: UPLOAD_RULES.attachment })
    if (checked.errors)
      return { failure: invalid({ req, errors: { attachments: checked.errors } }) }
    uploads.push(checked.upload)
  }
  return { uploads }
}

/**
 * Stores checked files in the private `attachments` collection, in the request's transaction.
 * Its create is closed to everyone but admins: only the site's calls store files, after their
 * checks; its hook records the signed-in sender as the uploader.
 */
export const storeAttachments = async ({
  req,
  uploads,
}: {
  req: PayloadRequest
  uploads: PayloadFile[]
}): Promise<number[]> => {
  const ids: number[] = []
  for (const upload of uploads) {
    const doc = await req.payload.create({
      collection: 'attachments',
      data: {},
      file: upload,
      overrideAccess: true,
      req,
    })
    ids.push(doc.id)
  }
  return ids
}
