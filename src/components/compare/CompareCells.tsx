import { getFormatter, getTranslations } from 'next-intl/server'

import { StatusBadge } from '@/components/directory/StatusBadge'
import { Badge } from '@/components/ui/Badge'
import type { CompareColumn } from '@/data/compare'
import { durationParts } from '@/lib/compareBest'
import { REVIEW_GRADES } from '@/lib/directoryViews'

/** What the comparison's cells say, each from one column's figures. */
export async function compareCells() {
  const [t, status, format] = await Promise.all([
    getTranslations('compare'),
    getTranslations('status'),
    getFormatter(),
  ])
  const date = (value: string | null) =>
    value ? (
      <time dateTime={value}>{format.dateTime(new Date(value), { dateStyle: 'medium' })}</time>
    ) : (
      <span className="compare-none">{t('none')}</span>
    )
  const percent = (share: number) =>
    format.number(share, { style: 'percent', maximumFractionDigits: 1 })
  return {
    distribution: ({ rating }: CompareColumn) =>
      rating.count ? (
        <ul className="compare-distribution">
          {REVIEW_GRADES.map((grade) => {
            const n = rating.distribution[grade]
            const share = n / rating.count
            return (
              <li key={grade}>
                <span className="compare-distribution-grade">{t('grade', { grade })}</span>
                <span className="bar" aria-hidden="true">
                  <span style={{ width: `${Math.round(share * 100)}%` }} />
                </span>
                <span className="compare-distribution-count">
                  {t('grade-count', { count: n, share: percent(share) })}
                </span>
              </li>
            )
          })}
        </ul>
      ) : (
        <span className="compare-none">{t('no-reviews')}</span>
      ),
    date,
    verified: ({ summary }: CompareColumn) =>
      summary.verified ? (
        <Badge tone="verified">{t('verified-yes')}</Badge>
      ) : (
        <span className="compare-none">{t('verified-no')}</span>
      ),
    status: ({ status: current }: CompareColumn) =>
      current.current === 'none' ? (
        <span>{t('status-none')}</span>
      ) : (
        <>
          <StatusBadge status={current.current} />
          {current.since && (
            <span className="compare-sub">
              {t('since')} {date(current.since)}
            </span>
          )}
        </>
      ),
    history: ({ status: { history, changes }, summary }: CompareColumn) =>
      history.length ? (
        <>
          <ol className="compare-history">
            {history.map((change) => (
              <li key={change.id}>
                {date(change.created_at)}:{' '}
                {status('history-change', {
                  from: status(`label-${change.from}`),
                  to: status(`label-${change.to}`),
                })}
              </li>
            ))}
          </ol>
          {changes > history.length && (
            <span className="compare-sub">
              {t('history-more', { count: changes - history.length })}{' '}
              <a href={`${summary.path}#status-history-heading`}>{t('history-all')}</a>
            </span>
          )}
        </>
      ) : (
        <span className="compare-none">{t('history-none')}</span>
      ),
    mirrors: ({ mirrors }: CompareColumn) => (
      <>
        <span>{t(mirrors.hasKey ? 'key-yes' : 'key-no')}</span>
        <span className="compare-sub">
          {mirrors.signedAt ? (
            <>
              {t('signed-list', { signed: mirrors.signed, addresses: mirrors.addresses })}{' '}
              {date(mirrors.signedAt)}
            </>
          ) : (
            t('signed-none')
          )}
        </span>
      </>
    ),
    availability: ({ availability }: CompareColumn) =>
      !availability ? (
        <span className="compare-none">{t('availability-closed')}</span>
      ) : (
        <>
          {availability.share === null ? (
            <span className="compare-none">{t('availability-none')}</span>
          ) : (
            <strong>{percent(availability.share / 100)}</strong>
          )}
          {availability.known > 0 && (
            <span className="compare-sub">
              {t('addresses-up', { up: availability.up, count: availability.addresses })}
            </span>
          )}
        </>
      ),
    replyRate: ({ replies }: CompareColumn) =>
      replies.rate === null ? (
        <span className="compare-none">{t('no-reviews')}</span>
      ) : (
        <>
          <strong>{percent(replies.rate)}</strong>
          <span className="compare-sub">
            {t('replied', { replied: replies.replied, count: replies.reviews })}
          </span>
        </>
      ),
    replyTime: ({ replies }: CompareColumn) => {
      if (replies.medianSeconds === null)
        return <span className="compare-none">{t('no-replies')}</span>
      const { unit, count } = durationParts(replies.medianSeconds)
      return <strong>{t(`reply-${unit}`, { count })}</strong>
    },
  }
}
