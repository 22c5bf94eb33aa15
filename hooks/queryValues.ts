import type { FlattenedField } from 'payload'

import { isRecordId } from '@/lib/limits'
import { isUnstorable } from '@/server/inputFaults'

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A record id as the doors carry it: a number, or digits in a string. */
export const isIdLike = (value: unknown) =>
  isRecordId(typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value)

/**
 * A relationship's value: an id, a populated document, `{relationTo, value}` (Payload's admin
 * writes its preferences' owner as `{collection, value}`), or a list.
 */
export const isReferenceLike = (value: unknown): boolean => {
  if (value == null || isIdLike(value)) return true
  if (Array.isArray(value)) return value.every(isReferenceLike)
  if (!isRecord(value)) return false
  if ('relationTo' in value || 'collection' in value) return isReferenceLike(value.value)
  return isIdLike(value.id)
}

/** A field compared by record ids: a relation, an upload, or a join (the ids of the rows joined). */
export const isReference = (field: FlattenedField) =>
  field.type === 'relationship' || field.type === 'upload' || field.type === 'join'

type Condition = { path: string; operator: string; value: unknown }

/** Every `path: {operator: value}` of a where query, `and`/`or` unfolded. */
const conditionsOf = (where: unknown): Condition[] => {
  if (!isRecord(where)) return []
  return Object.entries(where).flatMap(([path, constraint]) => {
    if ((path === 'and' || path === 'or') && Array.isArray(constraint)) {
      return constraint.flatMap(conditionsOf)
    }
    if (!isRecord(constraint)) return [{ path, operator: '', value: constraint }]
    return Object.entries(constraint).map(([operator, value]) => ({ path, operator, value }))
  })
}

/** Operators that compare a field's own values, one or a list of them. */
const VALUE_OPERATORS = new Set([
  'equals',
  'not_equals',
  'in',
  'not_in',
  'all',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
])

const LIST_OPERATORS = new Set(['in', 'not_in', 'all'])

/** The values compared: a list may come as an array or as comma-separated text. */
const valuesOf = (operator: string, value: unknown): unknown[] => {
  if (Array.isArray(value)) return value
  return LIST_OPERATORS.has(operator) && typeof value === 'string' ? value.split(',') : [value]
}

const isNumberLike = (value: unknown) =>
  (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) &&
  Number.isFinite(Number(value))

/** Whether a column of this field's type could hold `value` (null: any value is compared). */
const fitsColumn = (field: FlattenedField | undefined, path: string, value: unknown) => {
  if (path === 'id') return isIdLike(value)
  if (!field) return true
  if (isReference(field)) return isReferenceLike(value) && !Array.isArray(value)
  if (field.type === 'number') return isNumberLike(value)
  if (field.type === 'checkbox') return ['true', 'false', true, false].includes(value as string)
  if (field.type === 'date') return !Number.isNaN(Date.parse(String(value)))
  if (field.type === 'radio' || (field.type === 'select' && !field.hasMany)) {
    return field.options.some(
      (option) => (typeof option === 'string' ? option : option.value) === value,
    )
  }
  return true
}

/**
 * The field a query path names, through groups and arrays (GraphQL joins the names with `__`,
 * REST with a dot); unknown past a relation.
 */
const fieldAt = (fields: FlattenedField[], path: string): FlattenedField | undefined => {
  const [name, ...rest] = path.split(/\.|__/)
  const field = fields.find((candidate) => candidate.name === name)
  if (!field || !rest.length) return field
  return field.type === 'group' || field.type === 'tab' || field.type === 'array'
    ? fieldAt(field.flattenedFields, rest.join('.'))
    : undefined
}

/** Operators that match text, and the fields whose columns hold text. */
const TEXT_OPERATORS = new Set(['like', 'not_like', 'contains'])
const TEXT_FIELDS = new Set(['text', 'textarea', 'email', 'code'])
const POINT_OPERATORS = new Set(['near', 'within', 'intersects'])

/** Whether Postgres can apply the operator to this field's column at all. */
const suitsColumn = (field: FlattenedField | undefined, path: string, operator: string) => {
  if (TEXT_OPERATORS.has(operator)) return path !== 'id' && (!field || TEXT_FIELDS.has(field.type))
  if (POINT_OPERATORS.has(operator)) return path !== 'id' && (!field || field.type === 'point')
  return true
}

/**
 * A NUL character anywhere, an operator the field's column has none of (`like` on a date), or a
 * field compared with what its column cannot hold (an id with `abc`, a number with text, a
 * select with no option of it): Postgres would fail the query.
 */
const isRefused = (fields: FlattenedField[], { path, operator, value }: Condition) => {
  if (isUnstorable(value)) return true
  const field = fieldAt(fields, path)
  if (!suitsColumn(field, path, operator)) return true
  if (operator === 'exists') return !['true', 'false', true, false].includes(value as string)
  if (value == null || !VALUE_OPERATORS.has(operator)) return false
  return !valuesOf(operator, value).every((item) => fitsColumn(field, path, item))
}

/** Whether a where query asks what Postgres would fail on, anywhere in its `and`/`or` tree. */
export const isRefusedWhere = (fields: FlattenedField[], where: unknown) =>
  isUnstorable(where) || conditionsOf(where).some((condition) => isRefused(fields, condition))
