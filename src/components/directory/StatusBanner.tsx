import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { DEFAULT_LOCALE, type Locale, isLocale } from '@/i18n/routing'
import { isShownStatus } from '@/lib/publicStatus'

import { STATUS_MARKS } from './StatusBadge'

/**
 * The banner under a resource's title when admins marked it: a scam in danger colours with why
 * and since when, a warning in warning colours, closed or offline in neutral ones.
 */
export async function StatusBanner({
  status,
  reason,
  since,
  lang,
}: {
  status: string | null | undefined
  reason: string | null | undefined
  since: string | null | undefined
  /** The reason's language when it is not the page's. */
  lang?: Locale
}) {
  if (!isShownStatus(status)) return null
  const [t, format, current] = await Promise.all([
    getTranslations('status'),
    getFormatter(),
    getLocale(),
  ])
  const locale = isLocale(current) ? current : DEFAULT_LOCALE
  return (
    <aside className={`status-banner status-banner-${status}`} aria-labelledby="status-banner">
      <p className="status-banner-title" id="status-banner">
        <span aria-hidden="true">{STATUS_MARKS[status]}</span>{' '}
        <strong>{t(`label-${status}`)}</strong>
        {since && (
          <span className="status-banner-since">
            {' '}
            {t('since', { date: format.dateTime(new Date(since), { dateStyle: 'long' }) })}
          </span>
        )}
      </p>
      {reason && (
        <ReasonText
          reason={reason}
          lang={lang ?? locale}
          locale={locale}
          className="status-banner-reason"
        />
      )}
    </aside>
  )
}

/**
 * Admins' reason for a status, marked with its language and, when it is not the page's (they
 * wrote it in one language only), followed by a note saying so.
 */
export async function ReasonText({
  reason,
  lang,
  locale,
  className,
}: {
  reason: string
  lang: Locale
  locale: Locale
  className?: string
}) {
  const t = await getTranslations('status')
  const foreign = lang !== locale
  return (
    <p className={className}>
      <span lang={foreign ? lang : undefined}>{reason}</span>
      {foreign && <span className="status-reason-language"> {t(`reason-only-in-${lang}`)}</span>}
    </p>
  )
}
