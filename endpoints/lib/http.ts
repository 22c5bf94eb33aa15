import type { PayloadRequest, ValidationError } from 'payload'

import type { Locale } from '@/i18n/routing'
import { retryAfterHeaders } from '@/server/databaseHealth'
import { messageLocale, serverMessage } from '@/server/serverMessages'

/**
 * The API's answer conventions (design.md §4): `{ status: 200, ... }` on success; failures carry
 * a stable kebab-case `code` for programs and the spec's sentence in the request's language.
 */
export const ok = (body: Record<string, unknown> = {}, init?: ResponseInit) =>
  Response.json({ status: 200, ...body }, init)

export type Say = (key: string, values?: Record<string, string | number>) => string

export const sayFor = (req: PayloadRequest): Say => {
  const locale: Locale = messageLocale(req)
  return (key, values) => serverMessage({ locale, key: `api.${key}`, values })
}

/**
 * A failure whose message is `api.<code>` from the catalogue; with `field`, also under
 * `errors.<field>` as validation errors are, so forms can show it beside that field.
 */
export const fail = ({
  req,
  status,
  code,
  field,
  values,
  extra,
}: {
  req: PayloadRequest
  status: number
  code: string
  field?: string
  values?: Record<string, string | number>
  extra?: Record<string, unknown>
}) => {
  const message = sayFor(req)(code, values)
  return Response.json(
    { status, code, message, ...(field ? { errors: { [field]: [message] } } : {}), ...extra },
    { status },
  )
}

/** HTTP 503 with Retry-After: the database did not answer; the same call may be made again. */
export const unavailable = (req: PayloadRequest) => {
  const response = fail({ req, status: 503, code: 'service-unavailable' })
  for (const [name, value] of Object.entries(retryAfterHeaders())) response.headers.set(name, value)
  return response
}

/** HTTP 422 with `errors.<field>: [message]`; `message` is the first of them. */
export const invalid = ({
  req,
  errors,
}: {
  req: PayloadRequest
  errors: Record<string, string[]>
}) => {
  const say = sayFor(req)
  const messages = Object.fromEntries(
    Object.entries(errors).map(([field, codes]) => [field, codes.map((code) => say(code))]),
  )
  const first = Object.values(messages)[0]?.[0] ?? say('required')
  return Response.json(
    { status: 422, code: 'validation-failed', message: first, errors: messages },
    { status: 422 },
  )
}

/**
 * HTTP 422 for the ValidationError a collection's own checks threw, its messages per field;
 * `fieldNames` renames Payload's field paths to the API's snake_case names.
 */
export const validationFailure = (
  error: ValidationError,
  fieldNames: Record<string, string> = {},
) =>
  Response.json(
    {
      status: 422,
      code: 'validation-failed',
      message: error.data.errors[0]?.message ?? error.message,
      errors: Object.fromEntries(
        error.data.errors.map((e) => [fieldNames[e.path] ?? e.path, [e.message]]),
      ),
    },
    { status: 422 },
  )
