import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/navigation'
import { directionPath } from '@/lib/rateAddress'
import type { RateCurrency } from '@/lib/rateOffers'

/** Directions as links to their pages, with how many fresh offers each has when `counted`. */
export async function DirectionLinks({
  directions,
  counted = false,
}: {
  directions: { from: RateCurrency; to: RateCurrency; offers: number }[]
  counted?: boolean
}) {
  const t = await getTranslations('rates')
  return (
    <ul className="rate-directions">
      {directions.map(({ from, to, offers }) => (
        <li key={`${from.code}-${to.code}`}>
          <Link href={directionPath({ from: from.code, to: to.code })}>
            {t('direction-title', { from: from.name, to: to.name })}
          </Link>
          {counted && <span className="field-hint">{t('offers-count', { count: offers })}</span>}
        </li>
      ))}
    </ul>
  )
}
