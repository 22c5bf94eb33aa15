'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'

import type { ResourceAnalyticsRow, ResourceTotals } from '@/data/views/analyticsTypes'
import { Link } from '@/i18n/navigation'

import { Change, type ChangeKind, type Versus } from './Change.client'
import { type AnalyticsQuery, analyticsHref } from './query'
import { useAnalyticsFormat } from './useAnalyticsFormat.client'

type Column = {
  key: 'views' | 'visitors' | 'clicks' | 'ctr' | 'favorites_added' | 'reviews' | 'average_grade'
  kind: ChangeKind
}

const COLUMNS: Column[] = [
  { key: 'views', kind: 'count' },
  { key: 'visitors', kind: 'count' },
  { key: 'clicks', kind: 'count' },
  { key: 'ctr', kind: 'rate' },
  { key: 'favorites_added', kind: 'count' },
  { key: 'reviews', kind: 'count' },
  { key: 'average_grade', kind: 'grade' },
]

type SortKey = 'title' | Column['key']

const valueOf = (totals: ResourceTotals, key: Column['key']) => totals[key]

/**
 * The reader's resources over the period, most viewed first, sortable by any column: each figure
 * with its change, a sparkline of the views per day, the title opening that resource alone.
 */
export function ResourceTable({
  rows,
  query,
  versus,
  endsToday,
}: {
  rows: ResourceAnalyticsRow[]
  query: AnalyticsQuery
  versus: Versus
  /** The period's last day is today: the sparklines leave it out, as the charts do. */
  endsToday: boolean
}) {
  const t = useTranslations('analytics')
  const format = useAnalyticsFormat()
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'views',
    descending: true,
  })
  const sorted = [...rows].sort((a, b) => {
    const order =
      sort.key === 'title'
        ? a.title.localeCompare(b.title)
        : (valueOf(a.totals, sort.key) ?? -1) - (valueOf(b.totals, sort.key) ?? -1)
    return sort.descending ? -order : order
  })
  const show = (key: Column['key'], value: number | null) =>
    key === 'ctr'
      ? format.percent(value)
      : key === 'average_grade'
        ? format.grade(value)
        : format.count(value ?? 0)

  const header = (key: SortKey, label: string) => {
    const isSorted = sort.key === key
    return (
      <th
        key={key}
        scope="col"
        className={key === 'title' ? undefined : 'analytics-number'}
        aria-sort={isSorted ? (sort.descending ? 'descending' : 'ascending') : undefined}
      >
        <button
          type="button"
          className="analytics-sort"
          onClick={() =>
            setSort({ key, descending: isSorted ? !sort.descending : key !== 'title' })
          }
        >
          {label}
          <span className="analytics-sort-mark" aria-hidden="true">
            {isSorted ? (sort.descending ? '↓' : '↑') : '↕'}
          </span>
        </button>
      </th>
    )
  }

  return (
    <div
      className="analytics-scroll analytics-resources"
      role="region"
      aria-labelledby="analytics-resources-title"
      tabIndex={0}
    >
      <table className="analytics-table">
        <caption className="visually-hidden">{t('table-caption')}</caption>
        <thead>
          <tr>
            {header('title', t('column-resource'))}
            <th scope="col" className="analytics-trend">
              {t('column-trend')}
            </th>
            {COLUMNS.map((column) => header(column.key, t(`column-${column.key}`)))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.id}>
              <th scope="row" className="analytics-resource-title">
                <Link href={analyticsHref({ ...query, resource: row.id })}>{row.title}</Link>
              </th>
              <td className="analytics-trend">
                <Sparkline
                  values={
                    endsToday && row.views_by_day.length > 1
                      ? row.views_by_day.slice(0, -1)
                      : row.views_by_day
                  }
                />
              </td>
              {COLUMNS.map((column) => (
                <td key={column.key} className="analytics-number">
                  <span className="analytics-cell-value">
                    {show(column.key, valueOf(row.totals, column.key))}
                  </span>
                  <Change
                    current={valueOf(row.totals, column.key)}
                    previous={valueOf(row.previous, column.key)}
                    kind={column.kind}
                    versus={versus}
                    formatPrevious={(value) => show(column.key, value)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const SPARK_WIDTH = 96
const SPARK_HEIGHT = 24

/** Views per day as a small line (decoration: the row's figures say it in numbers); whole days only. */
function Sparkline({ values }: { values: number[] }) {
  const max = Math.max(1, ...values)
  const step = values.length > 1 ? SPARK_WIDTH / (values.length - 1) : 0
  const points = values
    .map(
      (value, i) =>
        `${(i * step).toFixed(1)},${(SPARK_HEIGHT - 1 - (value / max) * (SPARK_HEIGHT - 2)).toFixed(1)}`,
    )
    .join(' ')
  return (
    <svg
      className="analytics-sparkline"
      viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
      width={SPARK_WIDTH}
      height={SPARK_HEIGHT}
      aria-hidden="true"
      focusable="false"
    >
      <polyline points={points} fill="none" stroke="var(--chart-views)" strokeWidth="1.5" />
    </svg>
  )
}
