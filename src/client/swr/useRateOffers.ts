import useSWR from 'swr'

import type { DirectionOffers } from '@/lib/rateOffers'
import { RATES_REFRESH_SECONDS } from '@/lib/rateOffers'

import { type GetAnswer, apiPath } from '../api'

/**
 * A direction's offers, starting from the page's own (no request at hydration) and asked again
 * every RATES_REFRESH_SECONDS while the tab is shown (SWR pauses in a hidden one) and when it
 * comes back into focus. A failed ask keeps the offers shown. The page paints only the first
 * offers (`total` says how many there are): `loadAll` asks for all of them at once.
 */
export const useRateOffers = ({
  initial,
  locale,
}: {
  initial: DirectionOffers
  locale: string
}) => {
  const { data, mutate } = useSWR<GetAnswer<'/rate-offers'>>(
    apiPath('/rate-offers', {
      from: initial.from.code,
      to: initial.to.code,
      locale: locale === 'en' ? 'en' : 'ru',
    }),
    {
      fallbackData: { status: 200, direction: initial },
      revalidateOnMount: false,
      refreshInterval: RATES_REFRESH_SECONDS * 1000,
      keepPreviousData: true,
    },
  )
  const direction = data?.direction ?? initial
  return {
    direction,
    loadAll: () => {
      if (direction.total !== undefined) void mutate()
    },
  }
}
