import { MAX_RECORD_ID, isRecordId } from './limits'

/** A page's query as Next gives it: a parameter may be missing, given once or repeated. */
export type QueryParams = Record<string, string | string[] | undefined>

/**
 * An address's query string from named values, `?a=1&b=2`, leaving out what is missing or empty;
 * '' when nothing is left.
 */
export const queryString = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString()
  return search ? `?${search}` : ''
}

/** The first value of a query parameter. */
export const firstParam = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value

/**
 * `?page=N` read leniently: anything but a whole number from 1 up is page 1. A number past any
 * page a list can have is read as MAX_RECORD_ID, still past the last page of every list, so its
 * list answers 404 as for any page past its last (and no offset passes what the database counts).
 */
export const pageParam = (value: string | string[] | undefined) => {
  const page = Number(firstParam(value))
  return Number.isInteger(page) && page > 0 ? Math.min(page, MAX_RECORD_ID) : 1
}

/** Whether `page` lies past a list's last page: page 1 is a page even of an empty list. */
export const isPastLastPage = ({ page, pages }: { page: number; pages: number }) =>
  page > 1 && page > pages

/** `?id=N` read strictly: a record id, else null. */
export const idParam = (value: string | string[] | undefined): number | null => {
  const id = Number(firstParam(value))
  return isRecordId(id) ? id : null
}
