'use client'

import { useTranslations } from 'next-intl'

import { Button } from './Button'

/** Previous / next for a list that loads in the browser, with "Page 2 of 5" between; hidden on one page. */
export function PageButtons({
  page,
  pages,
  onPage,
}: {
  page: number
  pages: number
  onPage: (page: number) => void
}) {
  const t = useTranslations('ui')
  if (pages <= 1) return null
  return (
    <nav className="page-buttons" aria-label={t('pages-label')}>
      <Button variant="secondary" size="s" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <span>{t('page-of', { page, pages })}</span>
      <Button
        variant="secondary"
        size="s"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('next')}
      </Button>
    </nav>
  )
}
