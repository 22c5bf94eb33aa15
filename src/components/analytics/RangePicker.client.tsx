'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useId, useState } from 'react'

import { Button } from '@/components/ui/Button'
import { Field, FormMessage } from '@/components/ui/Field'
import { Link, useRouter } from '@/i18n/navigation'
import { ANALYTICS_MAX_DAYS, dayOf, daysBetween, isDay, periodOf } from '@/lib/analytics'

import { type AnalyticsQuery, analyticsHref } from './query'

const PRESETS = ['7d', '30d', '90d', '12m'] as const

/**
 * The period: 7, 30 or 90 days or 12 months to today, or two days of the reader's choice. It is
 * kept in the address, so reload and back show the same period.
 */
export function RangePicker({ query }: { query: AnalyticsQuery }) {
  const t = useTranslations('analytics')
  const api = useTranslations('api')
  const router = useRouter()
  const formId = useId()
  const [isCustomOpen, setCustomOpen] = useState(query.range === 'custom')
  const [error, setError] = useState<string | null>(null)
  const today = dayOf(new Date())
  const shown = periodOf(query.range, today, query)

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const from = String(form.get('analytics-from') ?? '')
    const to = String(form.get('analytics-to') ?? '')
    if (!isDay(from) || !isDay(to)) return setError(t('range-days-invalid'))
    if (from > to) return setError(api('range-invalid'))
    if (daysBetween(from, to) > ANALYTICS_MAX_DAYS) return setError(api('range-too-long'))
    setError(null)
    router.push(analyticsHref({ ...query, range: 'custom', from, to }), { scroll: false })
  }

  return (
    <div className="analytics-range">
      <div className="analytics-range-options" role="group" aria-label={t('range-label')}>
        {PRESETS.map((range) => (
          <Link
            key={range}
            href={analyticsHref({ ...query, range, from: undefined, to: undefined })}
            scroll={false}
            className="analytics-range-option"
            aria-current={query.range === range ? 'true' : undefined}
            onClick={() => setCustomOpen(false)}
          >
            {t(`range-${range}`)}
          </Link>
        ))}
        <button
          type="button"
          className="analytics-range-option"
          aria-current={query.range === 'custom' ? 'true' : undefined}
          aria-expanded={isCustomOpen}
          aria-controls={formId}
          onClick={() => setCustomOpen(!isCustomOpen)}
        >
          {t('range-custom')}
        </button>
      </div>
      {isCustomOpen && (
        <form id={formId} className="analytics-custom" onSubmit={apply} noValidate>
          <Field
            id="analytics-from"
            label={t('from')}
            type="date"
            required
            max={today}
            defaultValue={shown.from}
          />
          <Field
            id="analytics-to"
            label={t('to')}
            type="date"
            required
            max={today}
            defaultValue={shown.to}
          />
          <Button type="submit" variant="secondary">
            {t('apply')}
          </Button>
          <FormMessage error={error} />
        </form>
      )}
    </div>
  )
}
