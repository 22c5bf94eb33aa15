import 'server-only'

import { fileTypeFromBuffer } from 'file-type'

/** The refusals of an upload's content, as `api.*` codes: the site's own words in either language. */
export const UPLOAD_PROBLEMS = [
  'file-type-not-allowed',
  'file-pdf-invalid',
  'file-invalid',
] as const
export type UploadProblem = (typeof UPLOAD_PROBLEMS)[number]

/**
 * An upload's type as its bytes tell it, whatever its name or declared type say, if it is one of
 * `mimeTypes`; otherwise what is wrong with it. A PDF gets the check Payload makes of it before it
 * stores one, made first here, so that Payload's English "Invalid PDF file." never reaches anyone.
 */
export const inspectUpload = async ({
  data,
  mimeTypes,
}: {
  data: Buffer
  mimeTypes: readonly string[]
}): Promise<{ mime: string; problem?: undefined } | { problem: UploadProblem }> => {
  const mime = (await fileTypeFromBuffer(data))?.mime
  if (!mime || !mimeTypes.includes(mime)) return { problem: 'file-type-not-allowed' }
  if (mime === 'application/pdf' && !isCompletePdf(data)) return { problem: 'file-pdf-invalid' }
  return { mime }
}

/** Payload's test of a PDF (uploads/validatePDF): its header, and an xref table and %%EOF at the end. */
const isCompletePdf = (data: Buffer) => {
  if (!data.subarray(0, 8).toString('latin1').startsWith('%PDF-')) return false
  const end = data.subarray(Math.max(0, data.length - 1024)).toString('latin1')
  return end.includes('%%EOF') && end.includes('xref')
}
