'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { useRefreshQueue, useReviewReports } from '@/client/swr/useModeration'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { Dialog, useConfirm } from '@/components/ui/Dialog.client'
import { FormMessage, TextAreaField } from '@/components/ui/Field'
import { QueueScreen, useQueueQuery } from '@/components/ui/QueueScreen.client'
import { Stars } from '@/components/ui/Stars'
import { EmptyState } from '@/components/ui/States'
import { Tabs } from '@/components/ui/Tabs.client'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import type { ReportedReviewView } from '@/data/views/moderation'
import { Link } from '@/i18n/navigation'
import { LIMITS } from '@/lib/limits'
import type { ReportTab } from '@/lib/moderation'

/**
 * The moderators' reports queue: each reported review once, its text in place and every report
 * on it under it (read-only); on the open tab, hide the review with a reason its author reads,
 * dismiss the reports, or block the author.
 */
export function ReportsQueue() {
  const t = useTranslations('moderation')
  return (
    <Tabs
      label={t('reports-tabs')}
      tabs={[
        { id: 'open', label: t('tab-open'), content: <ReportPages tab="open" /> },
        { id: 'handled', label: t('tab-handled'), content: <ReportPages tab="handled" /> },
      ]}
    />
  )
}

function ReportPages({ tab }: { tab: ReportTab }) {
  const t = useTranslations('moderation')
  const { page, setPage, query } = useQueueQuery({})
  const read = useReviewReports({ ...query, tab })
  return (
    <QueueScreen
      className="moderation-list"
      read={read}
      items={(data) => data.reviews}
      intro={(data) => (
        <p className="account-intro" aria-live="polite">
          {t(tab === 'open' ? 'reports-total-open' : 'reports-total-handled', {
            count: data.total,
          })}
        </p>
      )}
      renderItem={(item) => <ReportedReview key={item.review.id} item={item} tab={tab} />}
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
      onPage={setPage}
    />
  )
}

type Asking = 'hide' | 'block' | null

function ReportedReview({ item, tab }: { item: ReportedReviewView; tab: ReportTab }) {
  const t = useTranslations('moderation')
  const reasons = useTranslations('report')
  const format = useFormatter()
  const toast = useToast()
  const refresh = useRefreshQueue('reports')
  const { confirm, dialog } = useConfirm()
  const [asking, setAsking] = useState<Asking>(null)
  const [busy, setBusy] = useState(false)
  const { review, reports } = item
  const author = review.author?.display_name ?? t('author-gone')
  const titleId = `reported-${review.id}-title`
  const date = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' })

  const dismiss = async () => {
    const ok = await confirm({
      title: t('dismiss-title'),
      message: t('dismiss-text', { count: reports.length }),
      confirmLabel: t('action-dismiss'),
      tone: 'primary',
    })
    if (!ok) return
    setBusy(true)
    const answer = await apiPost('/moderate-review', { review_id: review.id, action: 'dismiss' })
    setBusy(false)
    if (!answer.ok) return toast(answer.data.message ?? t('action-failed'), 'error')
    toast(t('done-dismiss'), 'success')
    refresh()
  }

  return (
    <li className="card moderation-item" aria-labelledby={titleId}>
      <div className="moderation-item-head">
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
      <figure className="moderation-review">
        <figcaption className="moderation-review-meta">
          <Stars value={review.grade} size="s" label={t('grade', { grade: review.grade })} />
          <span>{t('review-by', { name: author })}</span>
          <time dateTime={review.created_at}>{date(review.created_at)}</time>
        </figcaption>
        <blockquote>
          {review.title && <p className="moderation-review-title">{review.title}</p>}
          <p className="moderation-review-text">{review.comment}</p>
        </blockquote>
      </figure>
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
        <ActionDialog
          action={asking}
          reviewId={review.id}
          author={author}
          onClose={() => setAsking(null)}
          onDone={() => {
            setAsking(null)
            toast(t(`done-${asking}`, { name: author }), 'success')
            refresh()
          }}
        />
      )}
      {dialog}
    </li>
  )
}

const ACTION_FIELDS = ['reason'] as const

/** Hiding the review or blocking its author: both say why, in a dialog. */
function ActionDialog({
  action,
  reviewId,
  author,
  onClose,
  onDone,
}: {
  action: 'hide' | 'block'
  reviewId: number
  author: string
  onClose: () => void
  onDone: () => void
}) {
  const t = useTranslations('moderation')
  const ui = useTranslations('ui')
  const form = useApiForm(ACTION_FIELDS)
  const formId = `moderate-${action}-${reviewId}`

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const reason = String(data.get(`${formId}-reason`) ?? '').trim()
    if (!reason) return form.showFailure({ errors: { reason: [t('reason-required')] } })
    const answer = await form.submit(() =>
      apiPost('/moderate-review', {
        review_id: reviewId,
        action,
        reason,
        ...(action === 'block' ? { hide: data.get(`${formId}-hide`) === 'on' } : {}),
      }),
    )
    if (answer?.ok) onDone()
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={action === 'hide' ? t('hide-title') : t('block-title', { name: author })}
      description={action === 'hide' ? t('hide-text') : t('block-text')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button variant="danger" type="submit" form={formId} busy={form.isSubmitting}>
            {action === 'hide' ? t('confirm-hide') : t('confirm-block')}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <TextAreaField
          id={`${formId}-reason`}
          label={action === 'hide' ? t('hide-reason') : t('block-reason')}
          hint={action === 'hide' ? t('hide-reason-hint') : t('block-reason-hint')}
          aria-required
          rows={3}
          maxLength={LIMITS.moderationReasonMax}
          error={form.fieldErrors.reason}
        />
        {action === 'block' && (
          <label className="checkbox">
            <input type="checkbox" name={`${formId}-hide`} defaultChecked />
            {t('block-also-hide')}
          </label>
        )}
        <FormMessage error={form.formError} />
      </form>
    </Dialog>
  )
}
