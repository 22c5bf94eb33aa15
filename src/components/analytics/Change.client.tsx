'use client'

import { useFormatter, useTranslations } from 'next-intl'

import { type Period, daysBetween, percentChange } from '@/lib/analytics'

import type { AnalyticsQuery } from './query'

/**
 * How a figure is compared: counts and durations by the per cent they changed, a rate (CTR) by
 * percentage points, an average grade by its difference.
 */
export type ChangeKind = 'count' | 'rate' | 'grade' | 'duration'

/** The previous period a change is against: its length, and whether it is the 12-month range. */
export type Versus = { days: number; isYear: boolean }

/** What an answer's period is compared with, as the page's query named it. */
export const versusOf = (period: Period, query: AnalyticsQuery): Versus => ({
  days: daysBetween(period.from, period.to),
  isYear: query.range === '12m',
})

/**
 * A figure's change against the previous period of the same length: the sign and an arrow,
 * coloured by whether the change is good (`lowerIsBetter` for removals and waiting times), and in
 * words for screen readers ("+12 % vs the previous 30 days, was 1 234").
 */
export function Change({
  current,
  previous,
  kind = 'count',
  lowerIsBetter = false,
  versus,
  formatPrevious,
}: {
  current: number | null
  previous: number | null
  kind?: ChangeKind
  lowerIsBetter?: boolean
  versus: Versus
  formatPrevious: (value: number | null) => string
}) {
  const t = useTranslations('analytics')
  const format = useFormatter()
  const signed = { signDisplay: 'exceptZero' } as const

  let text = '—'
  let direction = 0
  if (current === null || previous === null) {
    // An average or a median with nothing on one side (no reviews, no answered tickets).
    if (current !== null) text = t('change-new')
  } else if (kind === 'rate') {
    const points = Number(((current - previous) * 100).toFixed(1))
    text = t('points', { value: format.number(points, { ...signed, maximumFractionDigits: 1 }) })
    direction = Math.sign(points)
  } else if (kind === 'grade') {
    const difference = Number((current - previous).toFixed(1))
    text = format.number(difference, { ...signed, maximumFractionDigits: 1 })
    direction = Math.sign(difference)
  } else {
    const change = percentChange(current, previous)
    if (change === null) {
      text = t('change-new')
      direction = 1
    } else {
      text = format.number(change / 100, { ...signed, style: 'percent', maximumFractionDigits: 0 })
      direction = Math.sign(Math.round(change))
    }
  }

  const tone = direction === 0 ? 'flat' : direction > 0 !== lowerIsBetter ? 'good' : 'bad'
  const label = versus.isYear
    ? t('versus-year', { change: text })
    : t('versus-days', { change: text, days: versus.days })
  return (
    <span className={`analytics-change analytics-change-${tone}`}>
      <span aria-hidden="true">
        {direction !== 0 && (
          <span className="analytics-change-arrow">{direction > 0 ? '▲' : '▼'} </span>
        )}
        {text}
      </span>
      <span className="visually-hidden">
        {label}
        {', '}
        {t('was', { value: formatPrevious(previous) })}
      </span>
    </span>
  )
}
