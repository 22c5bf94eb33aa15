'use client'

import { useLocale } from 'next-intl'
import useSWR from 'swr'

import { type GetAnswer, apiPath, apiUrl, getAddress } from '@/client/api'

import { type AnalyticsQuery, periodQuery } from './query'

/** A new period keeps the figures shown until the new ones come (no flash of skeletons). */
const KEEP = { keepPreviousData: true }

/** The reader's resources (or one of them) over the query's period, against the one before. */
export const useResourceAnalytics = (query: AnalyticsQuery) => {
  const locale = useLocale() as 'ru' | 'en'
  const key = apiPath('/analytics', { ...periodQuery(query), resource: query.resource, locale })
  return useSWR(
    key,
    (address: string) => getAddress(address) as Promise<GetAnswer<'/analytics'>>,
    KEEP,
  )
}

/** The whole site over the query's period (admins). */
export const useSiteAnalytics = (query: AnalyticsQuery) => {
  const locale = useLocale() as 'ru' | 'en'
  const key = apiPath('/site-analytics', { ...periodQuery(query), locale })
  return useSWR(
    key,
    (address: string) => getAddress(address) as Promise<GetAnswer<'/site-analytics'>>,
    KEEP,
  )
}

/** The address of a CSV download (the session cookie authenticates it). */
export const useExportHref = () => {
  const locale = useLocale() as 'ru' | 'en'
  return (table: 'resources' | 'days' | 'site', query: AnalyticsQuery) =>
    apiUrl(
      apiPath('/analytics-export', {
        table,
        ...periodQuery(query),
        resource: table === 'site' ? undefined : query.resource,
        locale,
      }),
    )
}
