import { getTranslations } from 'next-intl/server'

import { getResourceDirections } from '@/data/rates'
import type { Locale } from '@/i18n/routing'

import { DirectionLinks } from './DirectionLinks'

/**
 * An exchanger's directions on its page, as links to the directions' pages: no figures, which
 * would go stale in this long-cached page (the fetcher expires it when the set changes).
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
  return (
    <section aria-labelledby="directions-heading" className="card exchanger-directions">
      <h2 id="directions-heading">{t('directions-title')}</h2>
      <p className="field-hint">{t('directions-text')}</p>
      <DirectionLinks directions={directions} />
    </section>
  )
}
