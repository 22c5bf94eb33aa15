import { localizedPath } from '@/i18n/routing'
import type { Locale } from '@/i18n/routing'
import { decimalText, mulDiv, parseDecimal } from '@/lib/decimals'
import { RATES_PATH } from '@/lib/rateAddress'
import type { DirectionOffers, RateOffer } from '@/lib/rateOffers'

/** How many offers the page's schema.org list names (the best fresh ones). */
const LISTED_MAX = 50

const ONE = { digits: BigInt(1), scale: 0 }

/** One `to` for one `from`, exactly, as schema.org's price wants it. */
const rateText = (offer: RateOffer) => {
  const rateIn = parseDecimal(offer.rate_in)
  const rateOut = parseDecimal(offer.rate_out)
  return rateIn && rateOut ? decimalText(mulDiv(rateOut, ONE, rateIn, 12)) : null
}

/**
 * schema.org data for search engines: the page's breadcrumbs, and its fresh offers as a list of
 * exchange rates (each exchanger's price of one unit of `from` in `to`), best first.
 */
export const ratesStructuredData = ({
  view,
  fresh,
  url,
  base,
  locale,
  names,
}: {
  view: DirectionOffers
  fresh: RateOffer[]
  url: string
  base: string
  locale: Locale
  names: { home: string; rates: string }
}) => ({
  '@context': 'https://schema.org',
  '@graph': [
    {
      '@type': 'BreadcrumbList',
      itemListElement: [
        { name: names.home, item: `${base}${localizedPath(locale, '/')}` },
        { name: names.rates, item: `${base}${localizedPath(locale, RATES_PATH)}` },
        { name: `${view.from.name} → ${view.to.name}`, item: url },
      ].map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, ...crumb })),
    },
    {
      '@type': 'ItemList',
      name: `${view.from.name} → ${view.to.name}`,
      url,
      itemListOrder: 'https://schema.org/ItemListOrderDescending',
      numberOfItems: Math.min(fresh.length, LISTED_MAX),
      itemListElement: fresh.slice(0, LISTED_MAX).map((offer, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        item: {
          '@type': 'ExchangeRateSpecification',
          name: offer.resource.title,
          url: `${base}${localizedPath(locale, offer.resource.path)}`,
          currency: view.from.unit,
          currentExchangeRate: {
            '@type': 'UnitPriceSpecification',
            price: rateText(offer),
            priceCurrency: view.to.unit,
          },
        },
      })),
    },
  ],
})
