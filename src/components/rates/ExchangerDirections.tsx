import { getTranslations } from 'next-intl/server'

import { getResourceDirections } from '@/data/rates'
import { Link } from '@/i18n/navigation'
import type { Locale } from '@/i18n/routing'
import { directionPath } from '@/lib/rateAddress'

/**
 * An exchanger's directions on its page, by what it takes, as links to the directions' pages: no
 * figures, which would go stale in this long-cached page (the fetcher expires it when the set
 * changes).
 */
export async function ExchangerDirections({
  resourceId,
  locale,
}: {
  resourceId: number
  locale: Locale
}) {
  const directions = await getResourceDirections({ resourceId, locale })
  if (!directions.length) return null
  const t = await getTranslations('rates')
  const byGiven = new Map<string, typeof directions>()
  for (const direction of directions) {
    byGiven.set(direction.from.code, [...(byGiven.get(direction.from.code) ?? []), direction])
  }
  return (
    <section aria-labelledby="directions-heading" className="card exchanger-directions">
      <h2 id="directions-heading">{t('directions-title')}</h2>
      <p className="field-hint">{t('directions-text')}</p>
      <ul className="exchanger-directions-list">
        {[...byGiven.values()].map((group) => (
          <li key={group[0]!.from.code}>
            <span className="exchanger-directions-from">{group[0]!.from.name} →</span>{' '}
            <ul>
              {group.map(({ from, to }) => (
                <li key={to.code}>
                  <Link
                    href={directionPath({ from: from.code, to: to.code })}
                    aria-label={t('direction-title', { from: from.name, to: to.name })}
                  >
                    {to.name}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}
