import { COLLECTION_PAGE_MAX, COLLECTION_PAGE_SIZE_MAX } from '@/lib/limits'

/** A paging value the door refuses: `name` must be a whole number of at least `min`. */
export class BadPageArg extends Error {
  constructor(
    readonly argName: string,
    readonly min: number,
    readonly isTooFar = false,
  ) {
    super(`Bad ${argName}`)
  }
}

const checkWholeNumber = (name: string, value: unknown, min: number): number | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min)
    throw new BadPageArg(name, min)
  return value
}

/** A page number: from 1 to COLLECTION_PAGE_MAX. */
const checkPage = (name: string, value: unknown) => {
  const page = checkWholeNumber(name, value, 1)
  if (page !== undefined && page > COLLECTION_PAGE_MAX) throw new BadPageArg(name, 1, true)
  return page
}

/**
 * A page size: any whole number; 0 (or `pagination: false`) means "all" to Payload, so it and
 * anything above the ceiling become one page of COLLECTION_PAGE_SIZE_MAX, with the totals that
 * tell the caller to ask for the next one.
 */
const cappedPageSize = ({
  name,
  limit,
  pagination,
}: {
  name: string
  limit: unknown
  pagination?: unknown
}) => {
  const size = checkWholeNumber(name, limit, 0)
  const wantsAll = pagination === false || size === 0
  if (!wantsAll && (size === undefined || size <= COLLECTION_PAGE_SIZE_MAX)) return null
  return { limit: Math.min(size || COLLECTION_PAGE_SIZE_MAX, COLLECTION_PAGE_SIZE_MAX) }
}

type PagingArgs = {
  depth?: unknown
  joins?: unknown
  limit?: unknown
  page?: unknown
  pagination?: unknown
}

/**
 * The paging arguments a door passed, checked and bounded: a malformed or negative value throws
 * BadPageArg; a page size above the ceiling, or "all", is capped on reads (a bulk update or
 * delete keeps its reach); a depth above the config's maximum becomes that maximum.
 */
export const boundedPaging = <T extends PagingArgs>({
  args,
  isRead,
  maxDepth,
}: {
  args: T
  isRead: boolean
  maxDepth: number
}): T => {
  checkPage('page', args.page)
  const depth = checkWholeNumber('depth', args.depth, 0)
  const bounded: T = { ...args }
  if (depth !== undefined && depth > maxDepth) bounded.depth = maxDepth
  const size = cappedPageSize({ name: 'limit', limit: args.limit, pagination: args.pagination })
  if (isRead && size) Object.assign(bounded, size, { pagination: true })
  if (args.joins && typeof args.joins === 'object') {
    bounded.joins = Object.fromEntries(
      Object.entries(args.joins).map(([path, join]) => {
        if (!join || typeof join !== 'object') return [path, join]
        checkPage(`joins.${path}.page`, join.page)
        const joinSize = cappedPageSize({ name: `joins.${path}.limit`, limit: join.limit })
        return [path, joinSize ? { ...join, ...joinSize } : join]
      }),
    )
  }
  return bounded
}
