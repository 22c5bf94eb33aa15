import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { invalid } from './http'

export type Fields = Record<string, unknown>

/** The body of the calls that prove a factor with a code. */
export const codeBody = z.object({ code: z.string().trim().min(1, 'required') })

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
export const issuesToErrors = (error: z.ZodError): Record<string, string[]> => {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body')
    const code = issue.message && !issue.message.includes(' ') ? issue.message : 'required'
    errors[field] = [...(errors[field] ?? []), code]
  }
  return errors
}

/**
 * Reads a call's body and parses its fields with `schema`: the data and any files, or the 422
 * answer to send instead.
 */
export const parseBody = async <T extends z.ZodType>(
  req: PayloadRequest,
  schema: T,
): Promise<
  | { data: z.infer<T>; files: File[]; failure?: undefined }
  | { data?: undefined; files?: undefined; failure: Response }
> => {
  const { fields, files } = await readBody(req)
  const parsed = schema.safeParse(fields)
  return parsed.success
    ? { data: parsed.data, files }
    : { failure: invalid({ req, errors: issuesToErrors(parsed.error) }) }
}
