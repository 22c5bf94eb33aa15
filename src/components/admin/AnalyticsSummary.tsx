import type { ServerProps } from 'payload'

import { siteAnalytics } from '@/data/views/siteAnalytics'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { dayOf, percentChange, periodOf } from '@/lib/analytics'
import { canSeeSiteAnalytics } from '@/lib/roles'
import { serverMessage } from '@/server/serverMessages'

const FIGURES = [
  'views',
  'visitors',
  'registrations',
  'active_users',
  'reviews',
  'tickets_opened',
] as const

/**
 * On the admin's dashboard, for admins only: the site's last seven days against the seven before
 * (the figures of /analitycs, compact), in the admin's language, with a link to the full view.
 */
export async function AnalyticsSummary({ payload, user, i18n }: ServerProps) {
  if (!canSeeSiteAnalytics(user)) return null
  const locale = isLocale(i18n?.language) ? i18n.language : DEFAULT_LOCALE
  const say = (key: string, values?: Record<string, string | number>) =>
    serverMessage({ locale, key: `analytics-admin.${key}`, values })
  const { totals, previous } = await siteAnalytics(
    { payload, locale },
    { period: periodOf('7d', dayOf(new Date())) },
  )
  const number = new Intl.NumberFormat(locale)
  const change = (now: number, before: number) => {
    const value = percentChange(now, before)
    if (value === null) return say('change-new')
    return `${value > 0 ? '+' : value < 0 ? '−' : '±'}${number.format(Math.abs(Math.round(value)))} %`
  }
  const hours = totals.first_answer_median_seconds
  return (
    <section aria-labelledby="analytics-summary-title" style={{ padding: '0 6px' }}>
      <h2 id="analytics-summary-title" style={{ margin: '0 0 0.25rem' }}>
        {say('title')}
      </h2>
      <p style={{ margin: '0 0 1rem', color: 'var(--theme-elevation-600)' }}>{say('lead')}</p>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
          gap: '0.75rem',
          margin: '0 0 0.75rem',
        }}
      >
        {FIGURES.map((figure) => (
          <div
            key={figure}
            data-figure={figure}
            style={{
              padding: '0.75rem 1rem',
              border: '1px solid var(--theme-elevation-150)',
              borderRadius: 'var(--style-radius-m)',
              background: 'var(--theme-elevation-50)',
            }}
          >
            <dt>{say(`figure-${figure}`)}</dt>
            <dd style={{ margin: 0 }}>
              <strong style={{ fontSize: '1.5rem' }}>{number.format(totals[figure])}</strong>{' '}
              <span style={{ color: 'var(--theme-elevation-600)' }}>
                {change(totals[figure], previous[figure])}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <p style={{ margin: '0 0 1.5rem' }}>
        {say('open-tickets', { count: totals.tickets_open })}
        {hours !== null &&
          ` · ${say('first-answer', { hours: number.format(Math.round((hours / 3600) * 10) / 10) })}`}{' '}
        · <a href={localizedPath(locale, '/analitycs')}>{say('link')}</a>
      </p>
    </section>
  )
}
