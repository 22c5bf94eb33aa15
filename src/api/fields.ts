import { z } from 'zod'

import { LIMITS, MAX_RECORD_ID } from '@/lib/limits'

/** A record's id: a whole number within PostgreSQL's integer range, else 'required'. */
export const recordId = z.coerce
  .number({ message: 'required' })
  .int('required')
  .positive('required')
  .max(MAX_RECORD_ID, 'required')

/** A query's `ids=1,2,3`: distinct record ids, at most LIMITS.relationIdsMax of them. */
export const recordIdList = z
  .string({ message: 'required' })
  .regex(/^\d+(,\d+)*$/, 'required')
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine((list) => list.every((id) => id <= MAX_RECORD_ID), 'required')
  .refine((list) => list.length <= LIMITS.relationIdsMax, 'too-long')

/** A list's page and page size, both optional. */
export const pageFields = {
  page: z.coerce.number().int().min(1).max(MAX_RECORD_ID).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(10),
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
