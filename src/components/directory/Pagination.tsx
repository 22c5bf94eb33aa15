import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/navigation'
import { queryString } from '@/lib/searchParams'

/** Page numbers around the current one, with the first and last, gaps as null. */
export const pageWindow = (page: number, pages: number): (number | null)[] => {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2])
  const sorted = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const n of sorted) {
    if (out.length && n - (out.at(-1) as number) > 1) out.push(null)
    out.push(n)
  }
  return out
}

/**
 * Real page URLs (`?page=N`, the other query parameters kept), so every page can be linked,
 * bookmarked and crawled.
 */
export async function Pagination({
  path,
  query,
  page,
  pages,
}: {
  path: string
  query: Record<string, string | undefined>
  page: number
  pages: number
}) {
  if (pages <= 1) return null
  const t = await getTranslations('pagination')
  const href = (n: number) =>
    `${path}${queryString({ ...query, page: n > 1 ? String(n) : undefined })}`
  return (
    <nav className="pagination" aria-label={t('label')}>
      <ul>
        {page > 1 && (
          <li>
            <Link href={href(page - 1)} rel="prev">
              {t('previous')}
            </Link>
          </li>
        )}
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page">{n}</span>
              ) : (
                <Link href={href(n)} aria-label={t('page', { page: n })}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link href={href(page + 1)} rel="next">
              {t('next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}
