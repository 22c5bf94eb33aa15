import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import { ResourceLogo } from '@/components/directory/ResourceLogo'
import { ResourceRating } from '@/components/directory/ResourceRating'
import type { CompareColumn } from '@/data/compare'
import { Link } from '@/i18n/navigation'
import { bestOf } from '@/lib/compareBest'
import { compareHref } from '@/lib/compareQuery'
import { NOT_BEST_STATUSES } from '@/lib/publicStatus'
import { REVIEW_CRITERIA, orderCriteria, prefixOf } from '@/lib/resourceTypes'

import { compareCells } from './CompareCells'
import { RemoveFromComparison } from './RemoveFromComparison.client'

type Row = { key: string; label: string; cells: ReactNode[]; best?: boolean[] }

/**
 * The resources side by side: a column each, a row per figure, the row's label its header
 * (`th scope="row"`), the resources' names the columns' (`scope="col"`). The best value of a row
 * is marked in words as well as colour; a resource marked scam or closed is never the best score.
 */
export async function CompareTable({ columns }: { columns: CompareColumn[] }) {
  const [t, types, criteria, cells] = await Promise.all([
    getTranslations('compare'),
    getTranslations('types'),
    getTranslations('criteria'),
    compareCells(),
  ])
  const slugs = columns.map(({ summary }) => summary.slug ?? '')
  const rated = (column: CompareColumn) => column.rating.count > 0
  // Every criterion any of them was rated on, in the site's order (only the ones it names).
  const named = new Set(Object.values(REVIEW_CRITERIA).flat())
  const criterionKeys = orderCriteria([
    ...new Set(columns.flatMap(({ rating }) => Object.keys(rating.criteria))),
  ]).filter((key) => named.has(key))
  const rows: Row[] = [
    {
      key: 'score',
      label: t('score'),
      cells: columns.map(({ rating }) => (
        <ResourceRating key="score" average={rating.average} count={rating.count} size="m" />
      )),
      best: bestOf(
        columns.map((column) =>
          rated(column) && !NOT_BEST_STATUSES.includes(column.status.current)
            ? column.rating.average
            : null,
        ),
      ),
    },
    {
      key: 'reviews',
      label: t('reviews'),
      cells: columns.map(({ rating }) => <strong key="count">{rating.count}</strong>),
      best: bestOf(columns.map(({ rating }) => rating.count)),
    },
    { key: 'distribution', label: t('distribution'), cells: columns.map(cells.distribution) },
    ...criterionKeys.map((key) => ({
      key: `criterion-${key}`,
      label: criteria(key),
      cells: columns.map(({ rating }) =>
        rating.criteria[key] === undefined ? (
          <span key="none" className="compare-none">
            {t('none')}
          </span>
        ) : (
          <strong key="average">{Number(rating.criteria[key]).toFixed(1)}</strong>
        ),
      ),
      best: bestOf(columns.map(({ rating }) => rating.criteria[key] ?? null)),
    })),
    { key: 'newest', label: t('newest'), cells: columns.map((c) => cells.date(c.reviews.newest)) },
    { key: 'oldest', label: t('oldest'), cells: columns.map((c) => cells.date(c.reviews.oldest)) },
    { key: 'verified', label: t('verified'), cells: columns.map(cells.verified) },
    { key: 'status', label: t('status'), cells: columns.map(cells.status) },
    { key: 'history', label: t('history'), cells: columns.map(cells.history) },
    { key: 'mirrors', label: t('mirrors'), cells: columns.map(cells.mirrors) },
    {
      key: 'availability',
      label: t('availability'),
      cells: columns.map(cells.availability),
      best: bestOf(columns.map(({ availability }) => availability?.share ?? null)),
    },
    {
      key: 'reply-rate',
      label: t('reply-rate'),
      cells: columns.map(cells.replyRate),
      best: bestOf(columns.map(({ replies }) => replies.rate)),
    },
    {
      key: 'reply-time',
      label: t('reply-time'),
      cells: columns.map(cells.replyTime),
      best: bestOf(
        columns.map(({ replies }) => replies.medianSeconds),
        'lower',
      ),
    },
  ]
  return (
    <div
      className="compare-scroll"
      role="region"
      aria-labelledby="compare-caption"
      // A keyboard reaches a table wider than the screen and scrolls it.
      tabIndex={0}
    >
      <table className={`compare-table compare-columns-${columns.length}`}>
        <caption id="compare-caption" className="visually-hidden">
          {t('caption', { count: columns.length })}
        </caption>
        <thead>
          <tr>
            <td className="compare-corner" />
            {columns.map(({ summary, lang }, i) => (
              <th key={summary.id} scope="col" className="compare-head">
                <ResourceLogo title={summary.title} image={summary.image} size="m" />
                <Link href={summary.path} className="compare-name" lang={lang}>
                  {summary.title}
                </Link>
                <span className="compare-type">{types(prefixOf(summary.type))}</span>
                <RemoveFromComparison
                  slug={slugs[i]}
                  href={compareHref(slugs.filter((_, j) => j !== i))}
                  label={t('remove-named', { title: summary.title })}
                  text={t('remove')}
                />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={`compare-row-${row.key}`}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, i) => (
                <td
                  key={columns[i].summary.id}
                  className={row.best?.[i] ? 'compare-best' : undefined}
                >
                  <div className="compare-cell">
                    {cell}
                    {row.best?.[i] && (
                      <span className="compare-best-mark">
                        <span aria-hidden="true">▲ </span>
                        {t('best')}
                      </span>
                    )}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
