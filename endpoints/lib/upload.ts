import { fileTypeFromBuffer } from 'file-type'
import type { PayloadRequest } from 'payload'

import type { UploadRule } from '@/lib/limits'

const detectType = async (data: Uint8Array) => (await fileTypeFromBuffer(data))?.mime ?? null

/**
 * What is wrong with an uploaded file under `rule`, as `api.*` codes (empty when nothing is): its
 * size, and its type as its bytes tell it, whatever its name or declared type say.
 */
export const uploadErrors = async ({ file, rule }: { file: File; rule: UploadRule }) => {
  if (file.size > rule.maxBytes) return ['file-too-large']
  const type = await detectType(new Uint8Array(await file.arrayBuffer()))
  return type && rule.mimeTypes.includes(type) ? [] : ['file-type-not-allowed']
}

/**
 * Stores a checked image in `media`, where sharp makes its sizes, inside the request's
 * transaction: run it within `inTransaction` with the write that uses it, so a failure of that
 * write leaves no orphaned file record behind.
 */
export const saveImage = async ({
  req,
  file,
  alt,
}: {
  req: PayloadRequest
  file: File
  alt: string
}) => {
  const data = Buffer.from(await file.arrayBuffer())
  const media = await req.payload.create({
    collection: 'media',
    data: { alt },
    file: {
      data,
      mimetype: (await detectType(data)) ?? file.type,
      name: file.name || 'image',
      size: data.length,
    },
    req,
  })
  return media.id
}
