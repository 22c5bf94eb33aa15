import type { PayloadRequest } from 'payload'
import type { z } from 'zod'

import { isUnstorable } from '@/server/inputFaults'

import { fail, invalid } from './http'

export type Fields = Record<string, unknown>

/**
 * The request's fields, from JSON or from form data (the spec's (F) calls), plus its files. A
 * body past `bytesMax` answers 413 before it is read whole: by its Content-Length at once, or
 * once the bytes read pass it (a chunked body is read no further).
 */
export const readBody = async (
  req: PayloadRequest,
  bytesMax: number,
): Promise<{ fields: Fields; files: File[]; failure?: undefined } | { failure: Response }> => {
  // A request made by the Local API has no body, only the data it was given.
  if (!req.text) return fieldsOf(req, req.json ? await req.json().catch(() => null) : undefined)
  const body = await readBytes(req, bytesMax)
  if (body === 'too-large') return { failure: fail({ req, status: 413, code: 'body-too-large' }) }
  const type = req.headers.get('content-type') ?? ''
  if (
    body &&
    (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded'))
  ) {
    const form = await new Response(body, { headers: { 'content-type': type } })
      .formData()
      .catch(() => null)
    if (!form) return malformed(req)
    const fields: Fields = {}
    const files: File[] = []
    form.forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value
      else files.push(value)
    })
    return { fields, files }
  }
  return fieldsOf(req, body && parseJson(body.toString('utf8')))
}

const malformed = (req: PayloadRequest) => ({
  failure: fail({ req, status: 400, code: 'malformed-request' }),
})

/** A JSON body's fields: none when there is no body, 400 when it is no JSON object. */
const fieldsOf = (req: PayloadRequest, json: unknown) => {
  if (json === undefined) return { fields: {}, files: [] }
  return json && typeof json === 'object' && !Array.isArray(json)
    ? { fields: json as Fields, files: [] }
    : malformed(req)
}

/** The text as JSON: undefined when it is blank, null when it is no JSON at all. */
const parseJson = (text: string): unknown => {
  if (!text.trim()) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The body, read up to `bytesMax` bytes and no further; null when it could not be read. */
const readBytes = async (
  req: PayloadRequest,
  bytesMax: number,
): Promise<Buffer<ArrayBuffer> | null | 'too-large'> => {
  if (Number(req.headers.get('content-length')) > bytesMax) return 'too-large'
  // The app server's guest reports come as their text, already read (endpoints/analytics).
  if (!req.body) {
    const text = await req.text!().catch(() => null)
    const bytes = text === null ? null : Buffer.from(text)
    return bytes && bytes.byteLength > bytesMax ? 'too-large' : bytes
  }
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    const reader = req.body.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength
      if (size > bytesMax) {
        await reader.cancel().catch(() => {})
        return 'too-large'
      }
      chunks.push(read.value)
    }
  } catch {
    return null
  }
  return Buffer.concat(chunks)
}

/** zod issues → `{ field: [code] }`, the codes being `api.*` message keys set in the schemas. */
const issuesToErrors = (error: z.ZodError): Record<string, string[]> => {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body')
    const code = issue.message && !issue.message.includes(' ') ? issue.message : 'required'
    errors[field] = [...(errors[field] ?? []), code]
  }
  return errors
}

/** The fields parsed with `schema` (none without one), or the 422 answer to send instead. */
export const parseFields = ({
  req,
  fields,
  schema,
}: {
  req: PayloadRequest
  fields: Fields
  schema?: z.ZodType
}): { data: unknown; failure?: undefined } | { failure: Response } => {
  if (!schema) return { data: undefined }
  // No column takes a NUL character, and no field nests this deep: refused before any parser.
  const unstorable = Object.keys(fields).filter((field) => isUnstorable(fields[field]))
  if (unstorable.length) {
    return {
      failure: invalid({
        req,
        errors: Object.fromEntries(unstorable.map((field) => [field, ['value-invalid']])),
      }),
    }
  }
  const parsed = schema.safeParse(fields)
  return parsed.success
    ? { data: parsed.data }
    : { failure: invalid({ req, errors: issuesToErrors(parsed.error) }) }
}
