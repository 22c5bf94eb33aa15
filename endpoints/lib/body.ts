import type { PayloadRequest } from 'payload'
import type { z } from 'zod'

import { isUnstorable } from '@/server/inputFaults'

import { fail, invalid } from './http'

export type Fields = Record<string, unknown>

/** The request's fields, from JSON or from form data (the spec's (F) calls), plus its files. */
export const readBody = async (
  req: PayloadRequest,
): Promise<{ fields: Fields; files: File[]; failure?: undefined } | { failure: Response }> => {
  const type = req.headers.get('content-type') ?? ''
  const malformed = { failure: fail({ req, status: 400, code: 'malformed-request' }) }
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await req.formData!().catch(() => null)
    if (!form) return malformed
    const fields: Fields = {}
    const files: File[] = []
    form.forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value
      else files.push(value)
    })
    return { fields, files }
  }
  const json = await readJson(req)
  if (json === undefined) return { fields: {}, files: [] }
  return json && typeof json === 'object' && !Array.isArray(json)
    ? { fields: json as Fields, files: [] }
    : malformed
}

/** The body as JSON: undefined when there is none, null when it is no JSON at all. */
const readJson = async (req: PayloadRequest): Promise<unknown> => {
  // A request made by the Local API has no text, only the data it was given.
  if (!req.text) return req.json ? req.json().catch(() => null) : undefined
  const text = await req.text().catch(() => null)
  if (text === null) return null
  if (!text.trim()) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
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
