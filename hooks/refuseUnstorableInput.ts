import {
  APIError,
  type CollectionBeforeOperationHook,
  type FlattenedField,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  type SanitizedConfig,
  ValidationError,
  buildVersionCollectionFields,
} from 'payload'

import { JSON_FIELD_MAX_CHARS } from '@/lib/limits'
import { isUnstorable } from '@/server/inputFaults'
import { messageLocale, serverMessage } from '@/server/serverMessages'

import { isIdLike, isRecord, isReference, isReferenceLike, isRefusedWhere } from './queryValues'

/** Fields whose column holds one plain value (or a list of them, with `hasMany`). */
const SCALAR_FIELDS = new Set(['select', 'radio', 'number', 'checkbox', 'date'])

/** No object where a plain value goes: Postgres would be handed its JSON text. */
const isScalarLike = (field: FlattenedField, value: unknown): boolean => {
  if (Array.isArray(value)) {
    return 'hasMany' in field && Boolean(field.hasMany) && value.every((item) => !isRecord(item))
  }
  if (field.type === 'date' && value != null) {
    const isDateLike =
      typeof value === 'string' || typeof value === 'number' || value instanceof Date
    return isDateLike && !Number.isNaN(new Date(value).getTime())
  }
  if (!isRecord(value)) return true
  // Written in every locale at once, a localized field holds one value per locale.
  const isLocalized = 'localized' in field && Boolean(field.localized)
  return isLocalized && Object.values(value).every((item) => isScalarLike(field, item))
}

/** The paths under `data` whose value no column of the field could take. */
const unstorablePaths = (fields: FlattenedField[], data: Record<string, unknown>, path = '') =>
  Object.keys(data).flatMap((key): string[] => {
    const value = data[key]
    const at = path ? `${path}.${key}` : key
    if (isUnstorable(value)) return [at]
    const field = fields.find((candidate) => candidate.name === key)
    // A group is an object (Payload's field hooks read into it), even an empty one.
    if (field?.type === 'group' && !isRecord(value)) return [at]
    if (!field || value == null) return []
    if (isReference(field)) return isReferenceLike(value) ? [] : [at]
    if (SCALAR_FIELDS.has(field.type)) return isScalarLike(field, value) ? [] : [at]
    if (field.type === 'json')
      return JSON.stringify(value).length > JSON_FIELD_MAX_CHARS ? [at] : []
    if (field.type === 'group' && isRecord(value)) {
      return unstorablePaths(field.flattenedFields, value, at)
    }
    if (field.type === 'array' && Array.isArray(value)) {
      return value.flatMap((row, index) =>
        isRecord(row) ? unstorablePaths(field.flattenedFields, row, `${at}.${index}`) : [],
      )
    }
    return []
  })

/**
 * Payload's REST routes read the id in the path with parseFloat, so `/users/1abc` or `/users/1%00`
 * would act on user 1: the path's own text must be the id.
 */
const isMisreadRouteId = (req: PayloadRequest, id: unknown) => {
  const raw = req.routeParams?.id
  return typeof raw === 'string' && parseFloat(raw) === id && raw !== String(id)
}

const isMultipart = (req: PayloadRequest) =>
  (req.headers.get('content-type') ?? '').includes('multipart/')

const say = (req: PayloadRequest, key = 'value-invalid') =>
  serverMessage({ locale: messageLocale(req), key: `api.${key}` })

/**
 * Input no column could take is refused before it reaches SQL, on every door of every
 * collection: an id that is no record id finds nothing (as a missing one does); a query comparing
 * what its columns cannot hold is a 400 (`queryValues`); in a document, a NUL character, half a
 * surrogate pair or a value nested past INPUT_DEPTH_MAX, an object where a plain value goes, a
 * relation that cannot be an id, an oversized `json` value or a group that is no object is a
 * ValidationError, and a create or update without a document a 400. Postgres (or Payload's field
 * hooks) would fail on them all with a server error; src/server/inputFaults maps what still gets
 * through.
 */
export const refuseUnstorableInput: CollectionBeforeOperationHook = ({
  args,
  collection,
  operation,
  req,
}) => {
  const { id, duplicateFromID, where, data } = args as {
    id?: unknown
    duplicateFromID?: unknown
    where?: unknown
    data?: unknown
  }
  // Id 0 is no record: the operation finds nothing, as it would for a missing id.
  if (id != null && (!isIdLike(id) || isMisreadRouteId(req, id))) return { ...args, id: 0 }
  if (duplicateFromID != null && !isIdLike(duplicateFromID)) return { ...args, duplicateFromID: 0 }
  if (where != null && isRefusedWhere(queriedFields(req, collection), where)) {
    throw new APIError(say(req), 400, null, true)
  }
  // A create or update needs a document: Payload's field hooks would fail on anything else.
  const needsData = (operation === 'create' && duplicateFromID == null) || operation === 'update'
  if (data === undefined && !needsData) return args
  if (!isRecord(data)) {
    // An upload's form carries the file and, in `_payload`, its fields as JSON: without them
    // the client is told exactly that.
    const key =
      isMultipart(req) && collection.upload ? 'upload-fields-missing' : 'malformed-request'
    throw new APIError(say(req, key), 400, null, true)
  }
  const paths = [
    ...unstorablePaths(collection.flattenedFields, data),
    ...(SIGN_IN_OPERATIONS.has(operation) ? overlongLogins(data) : []),
  ]
  if (!paths.length) return args
  const message = say(req)
  throw new ValidationError({
    collection: collection.slug,
    errors: paths.map((path) => ({ path, message })),
  })
}

const SIGN_IN_OPERATIONS = new Set(['login', 'forgotPassword'])

/**
 * The fields a query may name: the collection's own and, when it keeps versions, the version
 * rows' (`parent`, `latest`, `version.<field>`), since a versions query reaches this hook as a
 * plain read.
 */
const queriedFields = (
  req: PayloadRequest,
  collection: SanitizedCollectionConfig,
): FlattenedField[] => {
  if (!collection.versions) return collection.flattenedFields
  const own = new Set(collection.flattenedFields.map((field) => field.name))
  const versionFields = buildVersionCollectionFields(
    req.payload.config,
    collection,
    true,
  ) as FlattenedField[]
  return [...collection.flattenedFields, ...versionFields.filter((field) => !own.has(field.name))]
}

/** The longest email address there is; a login is shorter still. */
const LOGIN_MAX_CHARS = 254

/** A login longer than any account's: the sign-in limits key their counts by it. */
const overlongLogins = (data: Record<string, unknown>) =>
  ['email', 'username'].filter(
    (key) => typeof data[key] === 'string' && data[key].length > LOGIN_MAX_CHARS,
  )

/**
 * The built config with `refuseUnstorableInput` first among every collection's `beforeOperation`
 * hooks, Payload's own collections (preferences, locks, key-value, migrations) included.
 */
export const withInputGuards = (config: SanitizedConfig): SanitizedConfig => {
  for (const collection of config.collections) {
    const hooks = collection.hooks.beforeOperation ?? []
    if (!hooks.includes(refuseUnstorableInput)) {
      collection.hooks.beforeOperation = [refuseUnstorableInput, ...hooks]
    }
  }
  return config
}
