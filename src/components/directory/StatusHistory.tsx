import { getFormatter, getTranslations } from 'next-intl/server'

import type { StatusChangeView } from '@/data/statusChanges'
import type { Locale } from '@/i18n/routing'
import { localizedPath } from '@/i18n/routing'

import { ReasonText } from './StatusBanner'
import { STATUS_FEED_PATHS } from './statusFeed'

/** A resource's status changes, newest first, each with its date and reason. */
export async function StatusHistory({
  changes,
  locale,
}: {
  changes: StatusChangeView[]
  locale: Locale
}) {
  if (!changes.length) return null
  const [t, format] = await Promise.all([getTranslations('status'), getFormatter()])
  return (
    <section aria-labelledby="status-history-heading" className="card status-history">
      <h2 id="status-history-heading">{t('history-title')}</h2>
      <ol>
        {changes.map((change) => (
          <li key={change.id} id={`status-change-${change.id}`}>
            <time dateTime={change.created_at}>
              {format.dateTime(new Date(change.created_at), { dateStyle: 'medium' })}
            </time>{' '}
            <strong>
              {t('history-change', {
                from: t(`label-${change.from}`),
                to: t(`label-${change.to}`),
              })}
            </strong>
            {change.reason && (
              <ReasonText reason={change.reason} lang={change.reason_lang} locale={locale} />
            )}
          </li>
        ))}
      </ol>
      <p className="status-history-feeds">
        <a href={localizedPath(locale, STATUS_FEED_PATHS.rss)}>{t('feed-link')}</a>{' '}
        <a href={localizedPath(locale, STATUS_FEED_PATHS.json)}>{t('feed-json-link')}</a>
      </p>
    </section>
  )
}
