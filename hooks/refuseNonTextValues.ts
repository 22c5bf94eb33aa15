import {
  type CollectionBeforeValidateHook,
  type FlattenedField,
  type PayloadRequest,
  ValidationError,
} from 'payload'

import { messageLocale, serverMessage } from '@/server/serverMessages'

const TEXT_TYPES = new Set(['text', 'textarea', 'email', 'code'])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isText = (field: FlattenedField, value: unknown) =>
  'hasMany' in field && field.hasMany
    ? Array.isArray(value) && value.every((item) => typeof item === 'string')
    : typeof value === 'string'

/** The paths under `data` whose text field holds something other than text. */
const nonTextPaths = ({
  fields,
  data,
  path,
  req,
}: {
  fields: FlattenedField[]
  data: Record<string, unknown>
  path: string
  req: PayloadRequest
}): string[] =>
  fields.flatMap((field) => {
    const value = data[field.name]
    if (value == null) return []
    const at = path ? `${path}.${field.name}` : field.name
    if (TEXT_TYPES.has(field.type)) {
      // Written with locale `all`, a localized value is an object of one value per locale.
      const values =
        'localized' in field && field.localized && req.locale === 'all' && isRecord(value)
          ? Object.values(value)
          : [value]
      return values.every((item) => item == null || isText(field, item)) ? [] : [at]
    }
    if ((field.type === 'group' || field.type === 'tab') && isRecord(value)) {
      return nonTextPaths({ fields: field.flattenedFields, data: value, path: at, req })
    }
    if (field.type === 'array' && Array.isArray(value)) {
      return value.flatMap((row, index) =>
        isRecord(row)
          ? nonTextPaths({ fields: field.flattenedFields, data: row, path: `${at}.${index}`, req })
          : [],
      )
    }
    return []
  })

/**
 * Payload's text and textarea checks measure lengths but take any JSON: an array or object sent
 * to a text field through REST would be stored as its JSON text. Refused here on every door.
 */
export const refuseNonTextValues: CollectionBeforeValidateHook = ({ collection, data, req }) => {
  if (!data) return data
  const paths = nonTextPaths({ fields: collection.flattenedFields, data, path: '', req })
  if (!paths.length) return data
  const message = serverMessage({ locale: messageLocale(req), key: 'api.text-invalid' })
  throw new ValidationError({
    collection: collection.slug,
    errors: paths.map((path) => ({ path, message })),
  })
}
