import type { PayloadRequest } from 'payload'
import type { z } from 'zod'

import { invalid } from './http'

export type Fields = Record<string, unknown>

/** The request's fields, from JSON or from form data (the spec's (F) calls), plus its files. */
export const readBody = async (req: PayloadRequest): Promise<{ fields: Fields; files: File[] }> => {
  const type = req.headers.get('content-type') ?? ''
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await req.formData!()
    const fields: Fields = {}
    const files: File[] = []
    form.forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value
      else files.push(value)
    })
    return { fields, files }
  }
  if (!req.json) return { fields: {}, files: [] }
  const json = await req.json().catch(() => null)
  return { fields: json && typeof json === 'object' ? (json as Fields) : {}, files: [] }
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
  const parsed = schema.safeParse(fields)
  return parsed.success
    ? { data: parsed.data }
    : { failure: invalid({ req, errors: issuesToErrors(parsed.error) }) }
}
