import { getTranslations } from 'next-intl/server'

import { Stars } from '@/components/ui/Stars'

/**
 * A resource's score as cards and the resource page show it: the stars and the average, or "No
 * rating yet" until its first review (never empty stars and a 0.0 that reads like a bad grade).
 */
export async function ResourceRating({
  average,
  count,
  size = 's',
}: {
  average: number
  count: number
  size?: 's' | 'm' | 'l'
}) {
  const t = await getTranslations('resource')
  if (count === 0) return <span className="rating-none">{t('no-rating')}</span>
  const rating = average.toFixed(1)
  return (
    <>
      {size !== 's' && <span className="rating-number">{rating}</span>}
      <Stars value={average} size={size} label={t('rating-label', { rating })} />
      {size === 's' && <span className="rating-number">{rating}</span>}
    </>
  )
}
