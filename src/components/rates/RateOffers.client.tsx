'use client'

import { useLocale, useTranslations } from 'next-intl'
import { useEffect, useId, useMemo, useState } from 'react'

import { useRateOffers } from '@/client/swr/useRateOffers'
import { ExternalLink } from '@/components/ExternalLink.client'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { Stars } from '@/components/ui/Stars'
import { EmptyState } from '@/components/ui/States'
import { Link } from '@/i18n/navigation'
import {
  type DirectionOffers,
  RATES_FIRST_OFFERS,
  RATES_REFRESH_SECONDS,
  ageInUnits,
  amountFraction,
  bestIndex,
  feedAge,
  formatAmount,
  orderOffers,
  quote,
  readAmount,
} from '@/lib/rateOffers'
import { RATES_STALE_SECONDS } from '@/lib/rates'

/**
 * A direction's offers and the calculator (issue 48). The server's render is the first paint
 * (no script needed to read it); once hydrated, the offers are asked again every
 * RATES_REFRESH_SECONDS while the tab is shown (SWR pauses in a hidden tab), the feeds' ages
 * count on, and an amount typed in shows what each exchanger gives for it.
 */
export function RateOffers({ initial }: { initial: DirectionOffers }) {
  const t = useTranslations('rates.offers')
  const locale = useLocale()
  const { from, to } = initial
  const { direction, loadAll } = useRateOffers({ initial, locale })
  const [showAll, setShowAll] = useState(false)
  // The first paint counts ages from the server's read, so the hydrated page says the same.
  const [now, setNow] = useState(() => Date.parse(initial.read_at))
  useEffect(() => {
    const tick = () => setNow(Date.now())
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, 5000)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [])
  const [typed, setTyped] = useState('')
  const amount = readAmount(typed)
  const inputId = useId()

  const rows = useMemo(
    () =>
      orderOffers(direction.offers, now).map(({ offer, stale }) => ({
        offer,
        stale,
        ...(amount ? quote(amount, offer) : { out: null, refusal: null }),
      })),
    [direction.offers, now, amount],
  )
  const best = bestIndex(rows)
  const total = direction.total ?? rows.length
  const shown = showAll ? rows : rows.slice(0, RATES_FIRST_OFFERS)
  const fromDigits = amountFraction(from.kind)
  const toDigits = amountFraction(to.kind)
  const money = (value: Parameters<typeof formatAmount>[0], digits: number, unit: string) =>
    `${formatAmount(value, locale, digits)} ${unit}`

  if (!rows.length) {
    return (
      <EmptyState title={t('empty-title')}>
        <p>{t('empty-text')}</p>
      </EmptyState>
    )
  }
  return (
    <div className="rate-offers">
      <div className="rate-calculator card">
        <div className="field">
          <label htmlFor={inputId}>{t('amount-label', { unit: from.unit, name: from.name })}</label>
          <input
            id={inputId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={formatAmount(offerMin(rows) ?? '1', locale, fromDigits)}
            value={typed}
            onChange={(event) => {
              const value = event.target.value.slice(0, 40)
              setTyped(value)
              // An amount's best fit may be any offer: typing one brings them all.
              if (readAmount(value)) loadAll()
            }}
            aria-describedby={`${inputId}-hint`}
            aria-invalid={typed.trim() !== '' && !amount ? true : undefined}
          />
          <p id={`${inputId}-hint`} className="field-hint">
            {typed.trim() !== '' && !amount
              ? t('amount-invalid')
              : t('amount-hint', { unit: to.unit })}
          </p>
        </div>
        {/* Always there, so screen readers hear what a new amount brings. */}
        <p className="rate-calculator-best" role="status">
          {amount && best >= 0
            ? t('best-for-amount', {
                amount: money(amount, fromDigits, from.unit),
                out: money(rows[best]!.out!, toDigits, to.unit),
                name: rows[best]!.offer.resource.title,
              })
            : amount
              ? t('none-for-amount')
              : null}
        </p>
      </div>

      <table className="rate-table">
        <caption className="visually-hidden">
          {t('caption', { from: from.name, to: to.name })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('exchanger')}</th>
            <th scope="col">{t('rate')}</th>
            <th scope="col">{t('you-get', { unit: to.unit })}</th>
            <th scope="col">{t('reserve')}</th>
            <th scope="col">{t('limits')}</th>
            <th scope="col">{t('updated')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map(({ offer, stale, out, refusal }, i) => {
            const { resource } = offer
            const age = feedAge(offer.fresh_at, now)
            return (
              <tr
                key={resource.id}
                className={[
                  'rate-offer',
                  i === best ? 'rate-offer-best' : '',
                  stale ? 'rate-offer-stale' : '',
                  refusal ? 'rate-offer-refused' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                <th scope="row" className="rate-exchanger">
                  <Link href={resource.path} lang={resource.lang ?? undefined}>
                    {resource.title}
                  </Link>
                  <span className="rate-exchanger-facts">
                    {resource.verified && <Badge tone="verified">{t('verified')}</Badge>}
                    {i === best && (
                      <Badge tone="success">{amount ? t('best-fit') : t('best-rate')}</Badge>
                    )}
                  </span>
                  <span className="rate-exchanger-score">
                    <Stars
                      value={resource.rating_average}
                      size="s"
                      label={t('score', { score: resource.rating_average.toFixed(1) })}
                    />
                    <span>
                      {resource.rating_average.toFixed(1)} ·{' '}
                      {t('reviews', { count: resource.review_count })}
                    </span>
                  </span>
                  {resource.site && (
                    <ExternalLink
                      href={resource.site}
                      className="rate-exchanger-site"
                      track={{ resource: resource.id, link: 'site' }}
                    >
                      {t('go-to-exchanger')}
                    </ExternalLink>
                  )}
                </th>
                <td data-label={t('rate')} className="rate-value">
                  {money(offer.rate_in, fromDigits, from.unit)} →{' '}
                  {money(offer.rate_out, toDigits, to.unit)}
                </td>
                <td data-label={t('you-get', { unit: to.unit })} className="rate-out">
                  {out === null ? (
                    <span className="field-hint">{t('type-amount')}</span>
                  ) : refusal ? (
                    <>
                      <s>{money(out, toDigits, to.unit)}</s>{' '}
                      <span className="rate-refusal">{t(`refusal-${refusal}`)}</span>
                    </>
                  ) : (
                    <strong>{money(out, toDigits, to.unit)}</strong>
                  )}
                </td>
                <td data-label={t('reserve')}>{money(offer.reserve, toDigits, to.unit)}</td>
                <td data-label={t('limits')}>
                  {limitsText({
                    min: offer.min_amount && money(offer.min_amount, fromDigits, from.unit),
                    max: offer.max_amount && money(offer.max_amount, fromDigits, from.unit),
                    t,
                  })}
                </td>
                <td data-label={t('updated')} className="rate-age">
                  {age === null ? t('never') : t(`age-${ageInUnits(age).unit}`, ageInUnits(age))}
                  {stale && (
                    <Badge
                      tone="warning"
                      title={t('stale-title', { minutes: RATES_STALE_SECONDS / 60 })}
                    >
                      {t('stale')}
                    </Badge>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {!showAll && total > RATES_FIRST_OFFERS && (
        <p className="rate-show-all">
          <Button
            variant="secondary"
            onClick={() => {
              loadAll()
              setShowAll(true)
            }}
          >
            {t('show-all', { count: total })}
          </Button>
        </p>
      )}
      <p className="field-hint">
        {t('notes', { seconds: RATES_REFRESH_SECONDS, minutes: RATES_STALE_SECONDS / 60 })}
      </p>
    </div>
  )
}

/** The smallest minimum among the offers: the calculator's example amount. */
const offerMin = (rows: readonly { offer: DirectionOffers['offers'][number] }[]) =>
  rows.find((row) => row.offer.min_amount !== null)?.offer.min_amount ?? null

const limitsText = ({
  min,
  max,
  t,
}: {
  min: string | null
  max: string | null
  t: ReturnType<typeof useTranslations<'rates.offers'>>
}) =>
  min && max
    ? t('limits-both', { min, max })
    : min
      ? t('limits-min', { min })
      : max
        ? t('limits-max', { max })
        : t('limits-none')
