import { getFormatter, getTranslations } from 'next-intl/server'

import { isShownStatus } from '@/lib/publicStatus'

import { STATUS_MARKS } from './StatusBadge'

import './status.css'

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
  lang?: string
}) {
  if (!isShownStatus(status)) return null
  const [t, format] = await Promise.all([getTranslations('status'), getFormatter()])
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
        <p className="status-banner-reason" lang={lang}>
          {reason}
        </p>
      )}
    </aside>
  )
}
