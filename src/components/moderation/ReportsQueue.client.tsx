'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { useState } from 'react'

import { apiPost } from '@/client/api'
import { useRefreshQueue, useReviewReports } from '@/client/swr/useModeration'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { QueueScreen, useQueueQuery } from '@/components/ui/QueueScreen.client'
import { EmptyState } from '@/components/ui/States'
import { Tabs } from '@/components/ui/Tabs.client'
import type { ReportedReviewView } from '@/data/views/reportedReviews'
import { Link } from '@/i18n/navigation'
import type { ReportTab } from '@/lib/moderation'

import { BulkBar, type Selection, useSelection } from './BulkBar.client'
import { DecisionsProvider } from './Decisions.client'
import { ReasonDialog } from './ReasonDialog.client'
import { ReviewQuote } from './ReviewQuote'
import { SelectItem } from './SelectItem.client'
import { useQueueAction } from './useQueueAction'

/**
 * The moderators' reports queue: each reported review once, its text in place and every report
 * on it under it (read-only); on the open tab, hide the review with a reason its author reads,
 * dismiss the reports, or block the author, one review or the page's picked ones at once.
 */
export function ReportsQueue() {
  const t = useTranslations('moderation')
  const refresh = useRefreshQueue('reports')
  return (
    <DecisionsProvider queue="reports" onChange={refresh}>
      <Tabs
        label={t('reports-tabs')}
        tabs={[
          { id: 'open', label: t('tab-open'), content: <ReportPages tab="open" /> },
          { id: 'handled', label: t('tab-handled'), content: <ReportPages tab="handled" /> },
        ]}
      />
    </DecisionsProvider>
  )
}

/** What the lists call a reported review: its resource and its author. */
const labelOf = (item: ReportedReviewView, gone: string) =>
  `${item.review.resource?.title ?? gone} · ${item.review.author?.display_name ?? gone}`

function ReportPages({ tab }: { tab: ReportTab }) {
  const t = useTranslations('moderation')
  const tb = useTranslations('moderation-bulk')
  const { page, setPage, query } = useQueueQuery({})
  const read = useReviewReports({ ...query, tab })
  const selection = useSelection(read.data?.reviews.map((item) => item.review.id) ?? [])
  const isOpen = tab === 'open'
  return (
    <QueueScreen
      className="moderation-list"
      read={read}
      items={(data) => data.reviews}
      intro={(data) => (
        <>
          <p className="account-intro" aria-live="polite">
            {t(isOpen ? 'reports-total-open' : 'reports-total-handled', {
              count: data.total,
            })}
          </p>
          {isOpen && (
            <BulkBar
              queue="reports"
              items={data.reviews.map((item) => ({
                id: item.review.id,
                label: labelOf(item, t('resource-gone')),
              }))}
              selection={selection}
              choices={[
                {
                  action: 'hide',
                  label: tb('hide'),
                  variant: 'danger',
                  reason: {
                    title: tb('hide-title', { count: selection.selected.length }),
                    description: tb('hide-text'),
                    label: t('hide-reason'),
                    hint: t('hide-reason-hint'),
                    confirm: t('confirm-hide'),
                  },
                  done: (count) => tb('done-hide', { count }),
                },
                {
                  action: 'dismiss',
                  label: tb('dismiss'),
                  confirm: {
                    title: tb('dismiss-title', { count: selection.selected.length }),
                    message: tb('dismiss-text'),
                    confirmLabel: t('action-dismiss'),
                  },
                  done: (count) => tb('done-dismiss', { count }),
                },
              ]}
            />
          )}
        </>
      )}
      renderItem={(item) => (
        <ReportedReview
          key={item.review.id}
          item={item}
          tab={tab}
          selection={isOpen ? selection : undefined}
        />
      )}
      empty={
        <EmptyState title={tab === 'open' ? t('reports-empty') : t('reports-handled-empty')}>
          {tab === 'open' && <p>{t('reports-empty-text')}</p>}
        </EmptyState>
      }
      errorMessage={t('load-error')}
      listClassName="moderation-items"
      rowClassName="card"
      rows={2}
      lines={4}
      page={page}
      onPage={(next) => {
        selection.pick([])
        setPage(next)
      }}
    />
  )
}

type Asking = 'hide' | 'block' | null

function ReportedReview({
  item,
  tab,
  selection,
}: {
  item: ReportedReviewView
  tab: ReportTab
  selection?: Selection
}) {
  const t = useTranslations('moderation')
  const reasons = useTranslations('report')
  const format = useFormatter()
  const { busy, dialog, done, confirmThenSend } = useQueueAction()
  const [asking, setAsking] = useState<Asking>(null)
  const { review, reports } = item
  const author = review.author?.display_name ?? t('author-gone')
  const titleId = `reported-${review.id}-title`
  const date = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' })

  const dismiss = () =>
    confirmThenSend(
      {
        title: t('dismiss-title'),
        message: t('dismiss-text', { count: reports.length }),
        confirmLabel: t('action-dismiss'),
        tone: 'primary',
      },
      () => apiPost('/moderate-review', { review_id: review.id, action: 'dismiss' }),
      t('done-dismiss'),
    )

  return (
    <li className="card moderation-item" aria-labelledby={titleId}>
      <div className="moderation-item-head">
        {selection && (
          <SelectItem
            selection={selection}
            id={review.id}
            label={labelOf(item, t('resource-gone'))}
          />
        )}
        <h2 id={titleId} className="moderation-item-title">
          {review.resource ? (
            <Link href={review.resource.path}>{review.resource.title}</Link>
          ) : (
            t('resource-gone')
          )}
        </h2>
        <span className="moderation-badges">
          {tab === 'open' && (
            <Badge tone="warning">{t('reports-count', { count: reports.length })}</Badge>
          )}
          {review.status === 'hidden' && <Badge tone="danger">{t('badge-hidden')}</Badge>}
          {item.author_blocked && <Badge tone="danger">{t('badge-author-blocked')}</Badge>}
        </span>
      </div>
      <ReviewQuote review={review} author={author} date={date(review.created_at)} />
      {review.status === 'hidden' && review.hidden_reason && (
        <p className="moderation-note">{t('hidden-why', { reason: review.hidden_reason })}</p>
      )}
      <section
        className="moderation-reports"
        aria-label={t('reports-label', { count: reports.length })}
      >
        <h3 className="moderation-reports-title">
          {t('reports-label', { count: reports.length })}
        </h3>
        <ul>
          {reports.map((report) => (
            <li key={report.id} className="moderation-report">
              <p className="moderation-report-meta">
                <strong>{report.reporter?.display_name ?? t('reporter-gone')}</strong>
                <span>{reasons(`reason-${report.reason}`)}</span>
                <time dateTime={report.created_at}>{date(report.created_at)}</time>
                {tab === 'handled' && (
                  <Badge tone={report.status === 'dismissed' ? 'neutral' : 'success'}>
                    {t(`report-${report.status}`)}
                  </Badge>
                )}
              </p>
              {report.comment && <p className="moderation-report-comment">{report.comment}</p>}
              {tab === 'handled' && report.handled_at && (
                <p className="moderation-report-decided">
                  {report.handled_by
                    ? t('decided-by', { name: report.handled_by, date: date(report.handled_at) })
                    : t('decided-on', { date: date(report.handled_at) })}
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>
      {tab === 'open' && (
        <div className="moderation-actions">
          <Button size="s" variant="danger" disabled={busy} onClick={() => setAsking('hide')}>
            {t('action-hide')}
          </Button>
          <Button size="s" variant="secondary" disabled={busy} onClick={dismiss}>
            {t('action-dismiss')}
          </Button>
          {!item.author_blocked && review.author && (
            <Button size="s" variant="ghost" disabled={busy} onClick={() => setAsking('block')}>
              {t('action-block')}
              <span className="visually-hidden"> {author}</span>
            </Button>
          )}
        </div>
      )}
      {asking && (
        <ReasonDialog
          id={`moderate-${asking}-${review.id}`}
          title={asking === 'hide' ? t('hide-title') : t('block-title', { name: author })}
          description={asking === 'hide' ? t('hide-text') : t('block-text')}
          label={asking === 'hide' ? t('hide-reason') : t('block-reason')}
          hint={asking === 'hide' ? t('hide-reason-hint') : t('block-reason-hint')}
          confirmLabel={asking === 'hide' ? t('confirm-hide') : t('confirm-block')}
          send={(reason, form) =>
            apiPost('/moderate-review', {
              review_id: review.id,
              action: asking,
              reason,
              ...(asking === 'block' ? { hide: form.get('also-hide') === 'on' } : {}),
            })
          }
          onClose={() => setAsking(null)}
          onDone={(answer) => {
            setAsking(null)
            done(t(`done-${asking}`, { name: author }), answer)
          }}
        >
          {asking === 'block' && (
            <label className="checkbox">
              <input type="checkbox" name="also-hide" defaultChecked />
              {t('block-also-hide')}
            </label>
          )}
        </ReasonDialog>
      )}
      {dialog}
    </li>
  )
}
