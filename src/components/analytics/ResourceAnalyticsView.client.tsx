'use client'

import { useTranslations } from 'next-intl'

import { EmptyState } from '@/components/ui/States'
import type { ResourceAnalytics } from '@/data/views/analyticsTypes'
import { Link } from '@/i18n/navigation'
import { GRADES } from '@/lib/analytics'

import { Change, versusOf } from './Change.client'
import { DailyLineChart, StackedBarChart } from './Charts.client'
import { ExportLink } from './ExportLink.client'
import { type Figure, Figures, countFigure } from './Figures.client'
import { LoadFailed, LoadingFigures } from './LoadStates.client'
import { type AnalyticsQuery, analyticsHref } from './query'
import { ResourceTable } from './ResourceTable.client'
import { useResourceAnalytics } from './useAnalytics.client'
import { isToday, useAnalyticsFormat } from './useAnalyticsFormat.client'

/**
 * The resources' view (owners, operators, and the admin's "Resources"): the period's figures
 * against the previous period, views, visitors and clicks per day, reviews per day by grade, and
 * the table of the resources; or one resource alone (`resource` in the address).
 */
export function ResourceAnalyticsView({ query }: { query: AnalyticsQuery }) {
  const t = useTranslations('analytics')
  const { data, error, isLoading, mutate } = useResourceAnalytics(query)
  if (error) return <LoadFailed error={error} onRetry={() => mutate()} />
  if (!data) return <LoadingFigures />
  return (
    <div className="analytics-view" aria-busy={isLoading || undefined}>
      {data.resource && (
        <div className="analytics-one">
          <h2 className="analytics-one-title">{data.resource.title}</h2>
          <div className="analytics-one-links">
            <Link href={analyticsHref({ ...query, resource: undefined })}>{t('back-to-all')}</Link>
            <Link href={data.resource.path}>{t('open-page')}</Link>
          </div>
        </div>
      )}
      {data.resource_count === 0 && !data.resource ? (
        <EmptyState title={t('no-resources')}>
          <p>{t('no-resources-text')}</p>
        </EmptyState>
      ) : (
        <ResourceFigures data={data} query={query} />
      )}
    </div>
  )
}

function ResourceFigures({ data, query }: { data: ResourceAnalytics; query: AnalyticsQuery }) {
  const t = useTranslations('analytics')
  const format = useAnalyticsFormat()
  const versus = versusOf(data, query)
  const { totals, previous } = data
  const count = (
    id: 'views' | 'visitors' | 'clicks' | 'favorites-added' | 'favorites-removed' | 'reviews',
    key: 'views' | 'visitors' | 'clicks' | 'favorites_added' | 'favorites_removed' | 'reviews',
    { lowerIsBetter = false, note }: { lowerIsBetter?: boolean; note?: string } = {},
  ) =>
    countFigure({
      id,
      label: t(id),
      current: totals[key],
      previous: previous[key],
      versus,
      formatCount: format.count,
      lowerIsBetter,
      note,
    })
  const figures: Figure[] = [
    count('views', 'views'),
    count('visitors', 'visitors'),
    count('clicks', 'clicks', {
      note: t('clicks-note', {
        site: format.count(totals.site_clicks),
        mirrors: format.count(totals.mirror_clicks),
      }),
    }),
    {
      id: 'ctr',
      label: t('ctr'),
      value: format.percent(totals.ctr),
      change: (
        <Change
          current={totals.ctr}
          previous={previous.ctr}
          kind="rate"
          versus={versus}
          formatPrevious={format.percent}
        />
      ),
    },
    count('favorites-added', 'favorites_added'),
    count('favorites-removed', 'favorites_removed', { lowerIsBetter: true }),
    count('reviews', 'reviews'),
    {
      id: 'average-grade',
      label: t('average-grade'),
      value: format.grade(totals.average_grade),
      change: (
        <Change
          current={totals.average_grade}
          previous={previous.average_grade}
          kind="grade"
          versus={versus}
          formatPrevious={format.grade}
        />
      ),
    },
  ]
  const isQuiet = data.days.every(
    (day) => !day.views && !day.clicks && !day.reviews && !day.favorites_added,
  )
  return (
    <>
      <p className="analytics-period">
        {t('period', {
          period: format.period(data.from, data.to),
          previous: format.period(data.previous_from, data.previous_to),
        })}
      </p>
      {/* The charts' titles are level 3: one resource alone has its title above them, all of
          them this heading, for screen readers (the figures speak for themselves on screen). */}
      {!data.resource && <h2 className="visually-hidden">{t('figures-label')}</h2>}
      <Figures label={t('figures-label')} figures={figures} />
      {isQuiet ? (
        <EmptyState title={t('nothing-yet')} action={<ExportLink table="days" query={query} />}>
          <p>{t('nothing-yet-text')}</p>
        </EmptyState>
      ) : (
        <div className="analytics-charts">
          <DailyLineChart
            title={t('chart-traffic')}
            rows={data.days.map(({ day, views, visitors, clicks }) => ({
              day,
              views,
              visitors,
              clicks,
            }))}
            series={[
              { key: 'views', label: t('views'), color: 'var(--chart-views)' },
              { key: 'visitors', label: t('visitors'), color: 'var(--chart-visitors)' },
              { key: 'clicks', label: t('clicks'), color: 'var(--chart-clicks)' },
            ]}
            actions={<ExportLink table="days" query={query} />}
          />
          <StackedBarChart
            title={t('chart-grades')}
            rows={data.days.map(
              ({ day, grades }) =>
                ({
                  day,
                  ...Object.fromEntries(
                    GRADES.map((grade) => [`grade_${grade}`, grades[grade - 1]]),
                  ),
                }) as { day: string } & Record<`grade_${(typeof GRADES)[number]}`, number>,
            )}
            series={GRADES.map((grade) => ({
              key: `grade_${grade}` as const,
              label: t('grade', { grade }),
              color: `var(--chart-grade-${grade})`,
            }))}
          />
        </div>
      )}
      {!data.resource && data.resources.length > 0 && (
        <section className="analytics-section">
          <div className="analytics-section-head">
            <h2 id="analytics-resources-title">{t('resources-title')}</h2>
            <ExportLink table="resources" query={query} />
          </div>
          {data.resource_count > data.resources.length && (
            <p className="analytics-note">
              {t('resources-shown', { shown: data.resources.length, total: data.resource_count })}
            </p>
          )}
          <ResourceTable
            rows={data.resources}
            query={query}
            versus={versus}
            endsToday={isToday(data.to)}
          />
        </section>
      )}
    </>
  )
}
