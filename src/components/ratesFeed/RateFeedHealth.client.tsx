'use client'

import { useFormatter, useTranslations } from 'next-intl'
import useSWR from 'swr'

import { type GetAnswer, apiPath } from '@/client/api'
import { Badge, type BadgeTone } from '@/components/ui/Badge'
import type { RateFeedHealth as Health, RateFeedState } from '@/data/views/rateFeeds'
import { Link } from '@/i18n/navigation'

/** How often the panel asks again while it is open: the fetcher's cycle is a minute. */
const REFRESH_MS = 15_000

/** A fetch's time as the site writes times: in UTC, named, the same on the server and in the browser. */
const AT = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
} as const

const TONES: Record<RateFeedState, BadgeTone> = {
  'not-set': 'neutral',
  unpublished: 'neutral',
  unverified: 'info',
  marked: 'warning',
  waiting: 'info',
  ok: 'success',
  failing: 'danger',
  stale: 'warning',
}

/**
 * An exchanger's feed health on "My resources": where the feed stands and why, the last fetch
 * (when, how long ago, the answer), the items accepted and refused with their reasons, asked
 * again every few seconds while the page is open (GET /rates-feed-health).
 */
export function RateFeedHealth({
  initial,
  path,
  titled,
}: {
  initial: Health
  /** The exchanger's page, where its directions are listed. */
  path: string
  /** The exchanger's title, for the panel's landmark. */
  titled: string
}) {
  const t = useTranslations('rates-feed')
  const format = useFormatter()
  const { data, error } = useSWR<GetAnswer<'/rates-feed-health'>>(
    apiPath('/rates-feed-health', { resource_id: initial.resource_id }),
    { fallbackData: { status: 200, health: initial }, refreshInterval: REFRESH_MS },
  )
  const health = data?.health ?? initial
  const now = new Date(health.read_at)
  const minutes = Math.round(health.stale_after / 60)
  const when = (iso: string | null) =>
    iso ? (
      <time
        dateTime={iso}
        title={format.dateTime(new Date(iso), {
          ...AT,
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        })}
      >
        {format.dateTime(new Date(iso), AT)} · {format.relativeTime(new Date(iso), now)}
      </time>
    ) : (
      t('never')
    )
  const headingId = `rate-feed-${health.resource_id}`
  const isFetched = ['ok', 'failing', 'stale'].includes(health.state)
  const isStale =
    health.state === 'failing' &&
    (!health.fresh_at ||
      now.getTime() - new Date(health.fresh_at).getTime() > health.stale_after * 1000)

  return (
    <section className="rate-feed" aria-labelledby={headingId} data-state={health.state}>
      <div className="rate-feed-head">
        <h3 id={headingId}>
          {t('panel-title')}
          <span className="visually-hidden">: {titled}</span>
        </h3>
        <Badge tone={TONES[health.state]}>{t(`state-${health.state}`)}</Badge>
      </div>
      {health.feed && (
        <p className="rate-feed-address">
          <span className="rate-feed-label">{t('address')}:</span> <code>{health.feed}</code>
        </p>
      )}
      <p className="rate-feed-why" role="status">
        {health.state === 'failing'
          ? t('why-failing', {
              reason: health.error
                ? t(`error-${health.error}`, { status: health.http_status ?? 0 })
                : t('no-answer'),
            })
          : health.state === 'marked'
            ? t('why-marked', { status: t(`status-${health.public_status ?? 'warning'}`) })
            : t(`why-${health.state}`, { minutes })}
        {isStale && <> {t('stale-too', { minutes })}</>}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {t('refresh-failed')}
        </p>
      )}
      {isFetched && (
        <dl className="rate-feed-facts">
          <div>
            <dt>{t('last-fetch')}</dt>
            <dd>{when(health.fetched_at)}</dd>
          </div>
          <div>
            <dt>{t('answer')}</dt>
            <dd>
              {health.http_status
                ? t('answer-value', {
                    status: health.http_status,
                    ms: format.number(health.ms ?? 0),
                  })
                : t('no-answer')}
            </dd>
          </div>
          <div>
            <dt>{t('fresh')}</dt>
            <dd>{when(health.fresh_at)}</dd>
          </div>
          <div>
            <dt>{t('last-change')}</dt>
            <dd>{when(health.changed_at)}</dd>
          </div>
          <div>
            <dt>{t('accepted')}</dt>
            <dd data-testid="rate-feed-accepted">{format.number(health.accepted)}</dd>
          </div>
          <div>
            <dt>{t('refused')}</dt>
            <dd data-testid="rate-feed-refused">{format.number(health.refused)}</dd>
          </div>
          <div>
            <dt>{t('offers')}</dt>
            <dd>{format.number(health.offers)}</dd>
          </div>
        </dl>
      )}
      {isFetched && health.refusals.length > 0 && (
        <div className="rate-feed-refusals">
          <h4>{t('refusals-title')}</h4>
          <div className="rate-feed-table">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('refusal-item')}</th>
                  <th scope="col">{t('refusal-direction')}</th>
                  <th scope="col">{t('refusal-reason')}</th>
                </tr>
              </thead>
              <tbody>
                {health.refusals.map((refusal) => (
                  <tr key={`${refusal.item}-${refusal.reason}`}>
                    <td>{format.number(refusal.item)}</td>
                    <td>
                      <code>{refusal.from || t('refusal-unnamed')}</code> →{' '}
                      <code>{refusal.to || t('refusal-unnamed')}</code>
                    </td>
                    <td>{t(`refusal-${refusal.reason}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {health.refused > health.refusals.length && (
            <p className="field-hint">
              {t('refusals-shown', { shown: health.refusals.length, count: health.refused })}
            </p>
          )}
        </div>
      )}
      <p className="rate-feed-actions">
        <Link href={`/add-resource?id=${health.resource_id}`}>
          {health.feed ? t('edit-link') : t('set-link')}
        </Link>
        {isFetched && health.offers > 0 && <Link href={path}>{t('directions-link')}</Link>}
      </p>
      <details className="rate-feed-format">
        <summary>{t('format-title')}</summary>
        <p>{t('format-intro')}</p>
        <p className="rate-feed-label">{t('format-xml')}</p>
        <pre>
          <code>{XML_EXAMPLE}</code>
        </pre>
        <p className="rate-feed-label">{t('format-json')}</p>
        <pre>
          <code>{JSON_EXAMPLE}</code>
        </pre>
      </details>
    </section>
  )
}

const XML_EXAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<rates>
  <item>
    <from>BTC</from>
    <to>SBERRUB</to>
    <in>1</in>
    <out>8950000</out>
    <amount>4500000</amount>
    <minamount>0.002</minamount>
    <maxamount>0.5</maxamount>
  </item>
</rates>`

const JSON_EXAMPLE = `{"rates": [
  {"from": "USDTTRC20", "to": "SBERRUB", "in": 1, "out": 94.2,
   "amount": 1200000, "minamount": 50, "maxamount": 20000}
]}`
