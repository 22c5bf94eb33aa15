import type { FlattenedField, PayloadRequest, SanitizedCollectionConfig } from 'payload'

import {
  type QueryContext,
  collectionOf,
  queryContext,
  readsEveryDocument,
  resolvePath,
} from './readablePaths'

type QueryPaths = { field?: unknown; joins?: unknown; sort?: unknown; where?: unknown }

/** A plain object (a nested query), not a value such as a Date; GraphQL's have no prototype. */
const isRecord = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** Operators whose value is itself an object (GeoJSON), not a nested query. */
const OBJECT_OPERATORS = new Set(['near', 'within', 'intersects'])

/** The collection a nested `contains` query on this field runs in, if it may have one. */
const nestedQueryTarget = (field: FlattenedField | { type: 'id' }) => {
  if (field.type === 'join' && typeof field.collection === 'string') return field.collection
  if (
    (field.type === 'relationship' || field.type === 'upload') &&
    field.hasMany &&
    typeof field.relationTo === 'string'
  )
    return field.relationTo
  return null
}

/** The first path of `where` the caller may not query, or null when all of them may be. */
export const refusedWherePath = async ({
  context,
  collection,
  where,
}: {
  context: QueryContext
  collection: SanitizedCollectionConfig
  where: unknown
}): Promise<string | null> => {
  if (!isRecord(where)) return 'where'
  for (const [path, constraint] of Object.entries(where)) {
    if (path.toLowerCase() === 'and' || path.toLowerCase() === 'or') {
      if (!Array.isArray(constraint)) return path
      for (const item of constraint) {
        const refused = await refusedWherePath({ context, collection, where: item })
        if (refused) return refused
      }
      continue
    }
    if (!isRecord(constraint)) return path
    const field = await resolvePath({ context, collection, path })
    if (!field) return path
    for (const [operator, value] of Object.entries(constraint)) {
      if (Array.isArray(value) && value.some(isRecord)) return path
      if (!isRecord(value) || OBJECT_OPERATORS.has(operator)) continue
      const target = operator === 'contains' ? nestedQueryTarget(field) : null
      if (!target || !(await readsEveryDocument(context, target))) return path
      const related = collectionOf(context.req, target)
      const refused = related
        ? await refusedWherePath({ context, collection: related, where: value })
        : operator
      if (refused) return `${path}.${refused}`
    }
  }
  return null
}

/** The first sort path (`-author.displayName`) the caller may not sort by, or null. */
export const refusedSortPath = async ({
  context,
  collection,
  sort,
}: {
  context: QueryContext
  collection: SanitizedCollectionConfig
  sort: unknown
}): Promise<string | null> => {
  if (sort === undefined || sort === null || sort === '') return null
  for (const entry of Array.isArray(sort) ? sort : [sort]) {
    if (typeof entry !== 'string') return 'sort'
    const path = entry.trim().replace(/^[-+]/, '')
    if (path && !(await resolvePath({ context, collection, path }))) return entry
  }
  return null
}

/** The first path a query's `where`, `sort`, distinct `field` or joins may not use, or null. */
export const refusedPath = async ({
  args,
  collection,
  req,
}: {
  args: QueryPaths
  collection: SanitizedCollectionConfig
  req: PayloadRequest
}): Promise<string | null> => {
  const context = queryContext(req)
  if (args.where != null) {
    const refused = await refusedWherePath({ context, collection, where: args.where })
    if (refused) return refused
  }
  const refusedSort = await refusedSortPath({ context, collection, sort: args.sort })
  if (refusedSort) return refusedSort
  if (
    typeof args.field === 'string' &&
    !(await resolvePath({ context, collection, path: args.field }))
  )
    return args.field
  if (!args.joins || typeof args.joins !== 'object') return null
  for (const [path, join] of Object.entries(args.joins)) {
    const field = await resolvePath({ context, collection, path })
    const joined =
      field?.type === 'join' && typeof field.collection === 'string'
        ? collectionOf(req, field.collection)
        : undefined
    // Payload runs only the joins the collection declares, and strips unreadable ones' output.
    if (!joined || !join || typeof join !== 'object') continue
    const refused =
      (join.where != null &&
        (await refusedWherePath({ context, collection: joined, where: join.where }))) ||
      (await refusedSortPath({ context, collection: joined, sort: join.sort }))
    if (refused) return `${path}.${refused}`
  }
  return null
}
