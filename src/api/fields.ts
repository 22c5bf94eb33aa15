import { z } from 'zod'

import { LIMITS, MAX_RECORD_ID, UPLOAD_RULES, bodyBytesWithFiles } from '@/lib/limits'

/** The body of a message's form with its `attachments` (contacts, tickets, verification). */
export const attachmentsBodyBytes = bodyBytesWithFiles({
  rule: UPLOAD_RULES.attachment,
  count: LIMITS.attachmentsMax,
})

/** 'required' for a value that is not there (or an empty form field), else `message`. */
const missingOr =
  (message: string) =>
  ({ input }: { input?: unknown }) =>
    input === undefined || input === null || input === '' ? 'required' : message

/**
 * A whole number from JSON (a number) or from a query or form (its digits), nothing else: no
 * `true`, `[1]`, `"1e0"` or `" 1"` that z.coerce would read as a number. Anything else is refused
 * with `message`, a missing value with 'required'.
 */
export const wholeNumber = (message: string) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,16}$/, { error: missingOr(message) })], {
      error: missingOr(message),
    })
    .transform(Number)
    .pipe(z.number().int(message))

/**
 * A record's id, as JSON, a query or a form may send it: an integer or a string of digits within
 * PostgreSQL's integer range. A boolean, a list, an object or a fraction is 'id-invalid'; it never
 * stands for record 1 as z.coerce would make it.
 */
export const recordId = wholeNumber('id-invalid').pipe(
  z.number().positive('id-invalid').max(MAX_RECORD_ID, 'id-invalid'),
)

/** A query's `ids=1,2,3`: distinct record ids, at most LIMITS.relationIdsMax of them. */
export const recordIdList = z
  .string({ message: 'required' })
  .regex(/^\d+(,\d+)*$/, 'required')
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine((list) => list.every((id) => id <= MAX_RECORD_ID), 'required')
  .refine((list) => list.length <= LIMITS.relationIdsMax, 'too-long')

/** A list's page and page size, both optional. */
export const pageFields = {
  page: wholeNumber('value-invalid')
    .pipe(z.number().min(1, 'value-invalid').max(MAX_RECORD_ID, 'value-invalid'))
    .default(1),
  limit: wholeNumber('value-invalid')
    .pipe(z.number().min(1, 'value-invalid').max(LIMITS.pageSizeMax, 'value-invalid'))
    .default(10),
}

/** A code that proves a factor (PGP challenge, authenticator, emailed code). */
export const codeField = z.string().trim().min(1, 'required')

export const codeBody = z.object({ code: codeField })

export const resourceIdBody = z.object({ resource_id: recordId })

/**
 * Required text of at most `max` characters, trimmed, its line breaks counted as a textarea
 * counts them (form data sends CRLF).
 */
export const requiredText = (max: number) =>
  z
    .string({ message: 'required' })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, 'required').max(max, 'too-long'))
