import type { File as PayloadFile, PayloadRequest } from 'payload'

import type { UploadRule } from '@/lib/limits'
import { inspectUpload } from '@/server/uploadContent'

/**
 * An uploaded file checked under `rule`: its size, and its type as its bytes tell it, whatever
 * its name or declared type say. Either the `api.*` codes of what is wrong, or the file ready to
 * store.
 */
export const checkUpload = async ({
  file,
  rule,
}: {
  file: File
  rule: UploadRule
}): Promise<
  { errors: string[]; upload?: undefined } | { errors?: undefined; upload: PayloadFile }
> => {
  if (file.size > rule.maxBytes) return { errors: ['file-too-large'] }
  const data = Buffer.from(await file.arrayBuffer())
  const inspected = await inspectUpload({ data, mimeTypes: rule.mimeTypes })
  if (inspected.problem) return { errors: [inspected.problem] }
  return {
    upload: { data, mimetype: inspected.mime, name: file.name || 'upload', size: data.length },
  }
}

/**
 * Stores a checked image in `media`, where sharp makes its sizes, inside the request's
 * transaction: within `inTransaction` with the write that uses it, a failure of that write leaves
 * no media record behind (the files written to the disk or the bucket stay until a clean-up
 * removes them).
 */
export const saveImage = async ({
  req,
  upload,
  alt,
}: {
  req: PayloadRequest
  upload: PayloadFile
  alt: string
}) => (await req.payload.create({ collection: 'media', data: { alt }, file: upload, req })).id
