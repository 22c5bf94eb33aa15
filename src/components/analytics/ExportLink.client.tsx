'use client'

import { useTranslations } from 'next-intl'

import { buttonClass } from '@/components/ui/Button'

import type { AnalyticsQuery } from './query'
import { useExportHref } from './useAnalytics.client'

/** A CSV download of a table or a daily series, as shown: the session cookie authenticates it. */
export function ExportLink({
  table,
  query,
}: {
  table: 'resources' | 'days' | 'site'
  query: AnalyticsQuery
}) {
  const t = useTranslations('analytics')
  const hrefOf = useExportHref()
  return (
    <a
      href={hrefOf(table, query)}
      download
      className={buttonClass({ variant: 'secondary', size: 's', className: 'analytics-export' })}
      data-export={table}
    >
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          d="M8 2v8M4.5 6.5 8 10l3.5-3.5M3 13h10"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {t(`export-${table}`)}
    </a>
  )
}
