'use client'

import { useTranslations } from 'next-intl'

import { pick, unpick, usePicked } from '@/client/compareChoice'
import { Button, buttonClass } from '@/components/ui/Button'
import { Link } from '@/i18n/navigation'
import { COMPARE_MAX, compareHref } from '@/lib/compareQuery'

/** "Compare": adds the resource to the choice or takes it out; at most COMPARE_MAX. */
export function CompareToggle({
  slug,
  title,
  compact = false,
}: {
  slug: string
  title: string
  compact?: boolean
}) {
  const t = useTranslations('compare-picker')
  const picked = usePicked()
  const isPicked = picked.some((item) => item.slug === slug)
  const isFull = !isPicked && picked.length >= COMPARE_MAX
  return (
    <Button
      variant="ghost"
      size={compact ? 's' : 'm'}
      className="compare-toggle"
      aria-pressed={isPicked}
      aria-disabled={isFull || undefined}
      aria-label={compact ? t('add-named', { title }) : undefined}
      title={isFull ? t('full', { max: COMPARE_MAX }) : undefined}
      onClick={() => {
        if (isPicked) unpick(slug)
        else if (!isFull) pick({ slug, title })
      }}
    >
      <span aria-hidden="true" className="compare-toggle-mark">
        {isPicked ? '✓' : '⇆'}
      </span>{' '}
      {t('add')}
    </Button>
  )
}

/** The choice so far, fixed at the bottom of the page, with the link to its comparison. */
export function CompareTray() {
  const t = useTranslations('compare-picker')
  const picked = usePicked()
  if (!picked.length) return null
  return (
    <>
      {/* Room at the page's end, so that the tray never covers its last lines. */}
      <div className="compare-tray-room" aria-hidden="true" />
      <div className="compare-tray" role="region" aria-label={t('tray')}>
        <p className="compare-tray-count">
          {t('chosen', { count: picked.length, max: COMPARE_MAX })}
        </p>
        <ul className="compare-tray-list">
          {picked.map((item) => (
            <li key={item.slug}>
              <span className="compare-tray-title">{item.title}</span>
              <button
                type="button"
                className="compare-tray-remove"
                aria-label={t('remove-named', { title: item.title })}
                onClick={() => unpick(item.slug)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <Link
          href={compareHref(picked.map((item) => item.slug))}
          className={buttonClass({ size: 's' })}
        >
          {t('open')}
        </Link>
      </div>
    </>
  )
}
