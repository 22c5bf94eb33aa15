import type { GetQuery } from '@/client/api'
import { ANALYTICS_RANGES, type AnalyticsRange, DEFAULT_RANGE } from '@/lib/analytics'

export const ANALYTICS_PATH = '/analitycs'

/** The admin's two views: the whole site, or the resources as an owner sees theirs. */
export type AnalyticsView = 'site' | 'resources'

/**
 * What the page shows, all of it in its address (reload, back and a shared link keep it): the
 * range (`custom` with `from` and `to`), one resource alone, and the admin's view.
 */
export type AnalyticsQuery = {
  range: AnalyticsRange
  from?: string
  to?: string
  resource?: number
  view?: AnalyticsView
}

const isRange = (value: string | null): value is AnalyticsRange =>
  (ANALYTICS_RANGES as readonly (string | null)[]).includes(value)

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The page's query from its address; anything it cannot read is left at the default. */
export const readQuery = (params: URLSearchParams): AnalyticsQuery => {
  const range = params.get('range')
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  const resource = Number(params.get('resource'))
  const view = params.get('view')
  const query: AnalyticsQuery = { range: DEFAULT_RANGE }
  if (isRange(range) && (range !== 'custom' || (DAY.test(from) && DAY.test(to)))) {
    query.range = range
    if (range === 'custom') Object.assign(query, { from, to })
  }
  if (Number.isSafeInteger(resource) && resource > 0) query.resource = resource
  if (view === 'site' || view === 'resources') query.view = view
  return query
}

/** The page's address for `query` (the default range and no view are left out). */
export const analyticsHref = (query: AnalyticsQuery) => {
  const search = new URLSearchParams()
  if (query.view) search.set('view', query.view)
  if (query.range !== DEFAULT_RANGE) search.set('range', query.range)
  if (query.range === 'custom' && query.from && query.to) {
    search.set('from', query.from)
    search.set('to', query.to)
  }
  if (query.resource) search.set('resource', String(query.resource))
  const text = search.toString()
  return text ? `${ANALYTICS_PATH}?${text}` : ANALYTICS_PATH
}

/** The period part of a call's query. */
export const periodQuery = (query: AnalyticsQuery): GetQuery<'/site-analytics'> =>
  query.range === 'custom'
    ? { range: 'custom', from: query.from, to: query.to }
    : { range: query.range }
