'use client'

import { useTranslations } from 'next-intl'

import { Card } from '@/components/ui/Card'
import { EmptyState } from '@/components/ui/States'
import type { SiteTotals, TopResource } from '@/data/views/analyticsTypes'
import { Link } from '@/i18n/navigation'
import { RESOURCE_STATUSES, RESOURCE_TYPE_VALUES, prefixOf } from '@/lib/resourceTypes'
import { VERIFICATION_STATUSES, type VerificationStatus } from '@/lib/support'

import { Change, versusOf } from './Change.client'
import { DailyLineChart, StackedBarChart } from './Charts.client'
import { ExportLink } from './ExportLink.client'
import { type Figure, Figures, countFigure } from './Figures.client'
import { LoadFailed, LoadingFigures } from './LoadStates.client'
import { type AnalyticsQuery, analyticsHref } from './query'
import { useSiteAnalytics } from './useAnalytics.client'
import { useAnalyticsFormat } from './useAnalyticsFormat.client'

/** A decision's colour says it: approved green, rejected red, waiting yellow. */
const VERIFICATION_COLOURS: Record<VerificationStatus, string> = {
  sent: 'var(--chart-1)',
  awaitingReview: 'var(--chart-status-pending)',
  approved: 'var(--chart-status-published)',
  rejected: 'var(--chart-status-rejected)',
  revoked: 'var(--chart-4)',
}

type CountKey =
  | 'registrations'
  | 'active_users'
  | 'reviews'
  | 'comments'
  | 'chat_messages'
  | 'tickets_opened'
  | 'tickets_open'
  | 'views'
  | 'visitors'
  | 'clicks'

const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0)

/**
 * The whole site over the period (admins): members, activity, new resources, support and
 * verification with their median times, the most viewed and most reviewed resources.
 */
export function SiteAnalyticsView({ query }: { query: AnalyticsQuery }) {
  const t = useTranslations('analytics')
  const types = useTranslations('types')
  const format = useAnalyticsFormat()
  const { data, error, isLoading, mutate } = useSiteAnalytics(query)
  if (error) return <LoadFailed error={error} onRetry={() => mutate()} />
  if (!data) return <LoadingFigures />
  const versus = versusOf(data, query)
  const { totals, previous } = data
  const figure = (
    id: string,
    label: string,
    of: (figures: SiteTotals) => number,
    lowerIsBetter = false,
  ) =>
    countFigure({
      id,
      label,
      current: of(totals),
      previous: of(previous),
      versus,
      formatCount: format.count,
      lowerIsBetter,
    })
  const count = (key: CountKey, label: string, lowerIsBetter = false): Figure =>
    figure(key, label, (figures) => figures[key], lowerIsBetter)
  const total = (
    key: 'resources_by_type' | 'verification_by_status',
    id: string,
    label: string,
  ): Figure => figure(id, label, (figures) => sum(figures[key]))
  const median = (
    key: 'first_answer_median_seconds' | 'decision_median_seconds',
    label: string,
  ): Figure => ({
    id: key,
    label,
    value: format.duration(totals[key]),
    change: (
      <Change
        current={totals[key]}
        previous={previous[key]}
        versus={versus}
        lowerIsBetter
        kind="duration"
        formatPrevious={format.duration}
      />
    ),
  })
  const days = data.days

  return (
    <div className="analytics-view" aria-busy={isLoading || undefined}>
      <p className="analytics-period">
        {t('period', {
          period: format.period(data.from, data.to),
          previous: format.period(data.previous_from, data.previous_to),
        })}
        <br />
        {data.built_at ? t('built-at', { time: format.time(data.built_at) }) : t('built-never')}
      </p>
      <h2 className="analytics-subtitle">{t('site-members')}</h2>
      <Figures
        label={t('site-members')}
        figures={[
          count('registrations', t('registrations')),
          count('active_users', t('active-users')),
          count('reviews', t('reviews')),
          count('comments', t('comments')),
          count('chat_messages', t('chat-messages')),
          total('resources_by_type', 'new-resources', t('new-resources')),
          count('views', t('views')),
          count('clicks', t('clicks')),
        ]}
      />
      <h2 className="analytics-subtitle">{t('site-support')}</h2>
      <Figures
        label={t('site-support')}
        figures={[
          count('tickets_opened', t('tickets-opened')),
          count('tickets_open', t('tickets-open'), true),
          median('first_answer_median_seconds', t('first-answer')),
          total('verification_by_status', 'verification', t('verification-requests')),
          median('decision_median_seconds', t('decision-time')),
        ]}
      />
      {days.length === 0 || !data.built_at ? (
        <EmptyState title={t('nothing-yet')} action={<ExportLink table="site" query={query} />}>
          <p>{t('site-nothing-text')}</p>
        </EmptyState>
      ) : (
        <div className="analytics-charts">
          <DailyLineChart
            title={t('chart-activity')}
            rows={days.map((day) => ({
              day: day.day,
              registrations: day.registrations,
              active_users: day.active_users,
              reviews: day.reviews,
              comments: day.comments,
              chat_messages: day.chat_messages,
            }))}
            series={[
              { key: 'registrations', label: t('registrations'), color: 'var(--chart-1)' },
              { key: 'active_users', label: t('active-users'), color: 'var(--chart-2)' },
              { key: 'reviews', label: t('reviews'), color: 'var(--chart-3)' },
              { key: 'comments', label: t('comments'), color: 'var(--chart-4)' },
              { key: 'chat_messages', label: t('chat-messages'), color: 'var(--chart-5)' },
            ]}
            actions={<ExportLink table="site" query={query} />}
          />
          <StackedBarChart
            title={t('chart-resources-type')}
            rows={days.map((day) => ({ day: day.day, ...day.resources_by_type }))}
            series={RESOURCE_TYPE_VALUES.map((type, i) => ({
              key: type,
              label: types(prefixOf(type)),
              color: `var(--chart-${i + 1})`,
            }))}
          />
          <StackedBarChart
            title={t('chart-resources-status')}
            rows={days.map((day) => ({ day: day.day, ...day.resources_by_status }))}
            series={RESOURCE_STATUSES.map((status) => ({
              key: status,
              label: t(`status-${status}`),
              color: `var(--chart-status-${status})`,
            }))}
          />
          <DailyLineChart
            title={t('chart-tickets')}
            rows={days.map((day) => ({
              day: day.day,
              tickets_opened: day.tickets_opened,
              tickets_open: day.tickets_open,
            }))}
            series={[
              { key: 'tickets_opened', label: t('tickets-opened'), color: 'var(--chart-1)' },
              { key: 'tickets_open', label: t('tickets-open'), color: 'var(--chart-3)' },
            ]}
          />
          <StackedBarChart
            title={t('chart-verification')}
            rows={days.map((day) => ({ day: day.day, ...day.verification_by_status }))}
            series={VERIFICATION_STATUSES.map((status) => ({
              key: status,
              label: t(`verification-${status}`),
              color: VERIFICATION_COLOURS[status],
            }))}
          />
        </div>
      )}
      <div className="analytics-tops">
        <TopList title={t('top-views')} items={data.top_by_views} query={query} />
        <TopList title={t('top-reviews')} items={data.top_by_reviews} query={query} />
      </div>
    </div>
  )
}

/** A top list: each resource opens alone in the resources' view. */
function TopList({
  title,
  items,
  query,
}: {
  title: string
  items: TopResource[]
  query: AnalyticsQuery
}) {
  const t = useTranslations('analytics')
  const format = useAnalyticsFormat()
  return (
    <Card as="section" heading={<h3>{title}</h3>} className="analytics-top">
      {items.length ? (
        <ol className="analytics-top-list">
          {items.map((item) => (
            <li key={item.id}>
              <Link href={analyticsHref({ ...query, view: undefined, resource: item.id })}>
                {item.title}
              </Link>
              <span className="analytics-top-value">{format.count(item.value)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="analytics-note">{t('top-empty')}</p>
      )}
    </Card>
  )
}
