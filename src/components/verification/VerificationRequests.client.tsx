'use client'

import { useFormatter, useLocale, useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { useVerificationRequests } from '@/client/swr/useSupport'
import { AttachmentLinks } from '@/components/tickets/AttachmentLinks'
import { Badge, type BadgeTone } from '@/components/ui/Badge'
import { Button, buttonClass } from '@/components/ui/Button'
import { Dialog, useConfirm } from '@/components/ui/Dialog.client'
import { FormMessage, SelectField, TextAreaField } from '@/components/ui/Field'
import { QueueScreen, QueueTabs, useQueueQuery } from '@/components/ui/QueueScreen.client'
import { EmptyState } from '@/components/ui/States'
import { useToast } from '@/components/ui/Toast.client'
import type { VerificationRequestView } from '@/data/views/support'
import { Link } from '@/i18n/navigation'
import { LIMITS } from '@/lib/limits'
import { RESOURCE_TYPE_VALUES, type ResourceType } from '@/lib/resourceTypes'
import {
  DECISIONS_WITH_REASON,
  VERIFICATION_DECISIONS,
  VERIFICATION_STATUSES,
  VERIFICATION_WAITING,
  type VerificationDecision,
  type VerificationStatus,
} from '@/lib/support'

const TONES: Record<VerificationStatus, BadgeTone> = {
  sent: 'info',
  awaitingReview: 'warning',
  approved: 'success',
  rejected: 'danger',
  revoked: 'neutral',
}

const DECISIONS = Object.keys(VERIFICATION_DECISIONS) as VerificationDecision[]

/** The viewer's verification requests; for admins also the moderation queue, in a tab of its own. */
export function VerificationRequests({ isStaff }: { isStaff: boolean }) {
  const t = useTranslations('verification')
  return (
    <QueueTabs
      isStaff={isStaff}
      label={t('tabs-label')}
      queueLabel={t('tab-queue')}
      mineLabel={t('tab-mine')}
      list={(queue) => <RequestPages queue={queue} />}
    />
  )
}

type Filters = {
  status: VerificationStatus | typeof VERIFICATION_WAITING | ''
  type: ResourceType | ''
}

function RequestPages({ queue }: { queue: boolean }) {
  const t = useTranslations('verification')
  const tq = useTranslations('verification-queue')
  // The queue opens on everything that needs a decision: sent and under review together.
  const { page, setPage, filters, setFilter, query } = useQueueQuery<Filters>({
    status: queue ? VERIFICATION_WAITING : '',
    type: '',
  })
  const read = useVerificationRequests({ ...query, queue })
  const { status, type } = filters
  const prefix = queue ? 'queue-' : 'my-'
  const isFiltered = (status && status !== VERIFICATION_WAITING) || type

  return (
    <QueueScreen
      className="support-list"
      filters={
        <div className="support-filters">
          <SelectField
            id={`${prefix}status`}
            label={t('filter-status')}
            value={status}
            onChange={(event) =>
              setFilter('status', event.currentTarget.value as Filters['status'])
            }
            options={[
              ...(queue ? [{ value: VERIFICATION_WAITING, label: tq('filter-waiting') }] : []),
              { value: '', label: t('status-all') },
              ...VERIFICATION_STATUSES.map((value) => ({ value, label: t(`status-${value}`) })),
            ]}
          />
          {queue && (
            <SelectField
              id={`${prefix}type`}
              label={t('filter-type')}
              value={type}
              onChange={(event) => setFilter('type', event.currentTarget.value as Filters['type'])}
              options={[
                { value: '', label: t('type-all') },
                ...RESOURCE_TYPE_VALUES.map((value) => ({ value, label: t(`type-${value}`) })),
              ]}
            />
          )}
        </div>
      }
      read={read}
      items={(data) => data.requests}
      renderItem={(request) => (
        <RequestCard
          key={request.id}
          request={request}
          queue={queue}
          onChange={() => read.mutate()}
        />
      )}
      empty={
        <EmptyState
          title={isFiltered ? t('filter-empty') : queue ? t('queue-empty') : t('empty')}
          action={
            queue ? undefined : (
              <Link href="/application-for-verification" className={buttonClass({ size: 's' })}>
                {t('new')}
              </Link>
            )
          }
        >
          {!queue && !status && <p>{t('empty-text')}</p>}
        </EmptyState>
      }
      errorMessage={t('load-error')}
      listClassName="request-list"
      rowClassName="card"
      rows={2}
      lines={3}
      page={page}
      onPage={setPage}
    />
  )
}

function RequestCard({
  request,
  queue,
  onChange,
}: {
  request: VerificationRequestView
  queue: boolean
  onChange: () => void
}) {
  const t = useTranslations('verification')
  const format = useFormatter()
  const locale = useLocale()
  const toast = useToast()
  const { confirm, dialog } = useConfirm()
  const [asking, setAsking] = useState<VerificationDecision | null>(null)
  const [busy, setBusy] = useState(false)
  const date = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' })
  const titleId = `request-${request.id}-title`

  const decide = async (decision: VerificationDecision, answer?: string) => {
    setBusy(true)
    const result = await apiPost('/decide-request', {
      id: request.id,
      decision,
      ...(answer ? { answer } : {}),
    })
    setBusy(false)
    if (!result.ok) {
      toast(result.data.message ?? t('action-failed'), 'error')
      return false
    }
    toast(t(`done-${decision}`))
    onChange()
    return true
  }

  // An approval is confirmed first and may carry a note; a refusal needs its reason.
  const onDecision = async (decision: VerificationDecision) => {
    if (decision === 'approve' || DECISIONS_WITH_REASON.includes(decision)) setAsking(decision)
    else await decide(decision)
  }

  const remove = async () => {
    const ok = await confirm({
      title: t('delete-title'),
      message: t('delete-message'),
      confirmLabel: t('delete'),
    })
    if (!ok) return
    const result = await apiPost('/delete-request', { id: request.id })
    if (!result.ok) return toast(t('action-failed'), 'error')
    toast(t('deleted'))
    onChange()
  }

  const moves = DECISIONS.filter((decision) =>
    (VERIFICATION_DECISIONS[decision].from as readonly string[]).includes(request.status),
  )

  return (
    <li className="card request-card" aria-labelledby={titleId}>
      <div className="request-head">
        <h2 id={titleId} className="request-title">
          {request.resource ? (
            <Link href={request.resource.path}>{request.resource.title}</Link>
          ) : (
            t('resource-gone')
          )}
        </h2>
        <Badge tone={TONES[request.status]}>{t(`status-${request.status}`)}</Badge>
      </div>
      <p className="ticket-row-facts">
        <span>#{request.id}</span>
        {request.resource && <span>{t(`type-${request.resource.type}`)}</span>}
        <span>{t('sent-on', { date: date(request.created_at) })}</span>
        {request.requester && <span>{t('sent-by', { name: request.requester.display_name })}</span>}
        {request.resource?.verified && <Badge tone="verified">{t('verified-badge')}</Badge>}
      </p>
      <p className="request-message">{request.message}</p>
      <AttachmentLinks files={request.attachments} locale={locale} />
      {request.answer && (
        <div className="request-answer">
          <p className="request-answer-title">
            {t('answer')}
            {request.decided_at && (
              <>
                {' · '}
                {date(request.decided_at)}
              </>
            )}
          </p>
          <p className="request-message">{request.answer}</p>
        </div>
      )}
      <details className="request-history">
        <summary>{t('history')}</summary>
        <ol>
          {request.history.map((entry, index) => (
            <li key={index}>
              <strong>{t(`status-${entry.status}`)}</strong> ·{' '}
              <time dateTime={entry.at}>{date(entry.at)}</time>
              {entry.by && <> · {entry.by.display_name}</>}
              {entry.answer && <> — {entry.answer}</>}
            </li>
          ))}
        </ol>
      </details>
      {queue && (
        <div className="request-actions">
          {moves.map((decision) => (
            <Button
              key={decision}
              size="s"
              variant={
                decision === 'approve' ? 'primary' : decision === 'review' ? 'secondary' : 'danger'
              }
              disabled={busy}
              onClick={() => onDecision(decision)}
            >
              {t(`decision-${decision}`)}
            </Button>
          ))}
          <Button size="s" variant="ghost" disabled={busy} onClick={remove}>
            {t('delete')}
          </Button>
        </div>
      )}
      {asking && (
        <DecisionDialog
          decision={asking}
          title={request.resource?.title ?? ''}
          onClose={() => setAsking(null)}
          onSubmit={async (answer) => {
            if (await decide(asking, answer)) setAsking(null)
          }}
        />
      )}
      {dialog}
    </li>
  )
}

/**
 * Asks before a decision the owner is told of: an approval is confirmed and may carry a note, a
 * rejection or revocation needs its reason.
 */
function DecisionDialog({
  decision,
  title,
  onClose,
  onSubmit,
}: {
  decision: VerificationDecision
  title: string
  onClose: () => void
  onSubmit: (answer: string) => Promise<void>
}) {
  const t = useTranslations('verification')
  const tq = useTranslations('verification-queue')
  const ui = useTranslations('ui')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const formId = `reason-${decision}`
  const isApproval = decision === 'approve'

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const answer = String(new FormData(event.currentTarget).get('answer') ?? '').trim()
    if (!answer && !isApproval) return setError(t('reason-required'))
    setBusy(true)
    await onSubmit(answer)
    setBusy(false)
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={isApproval ? tq('approve-title', { title }) : t(`reason-title-${decision}`, { title })}
      description={isApproval ? tq('approve-text') : t('reason-text')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button
            variant={isApproval ? 'primary' : 'danger'}
            type="submit"
            form={formId}
            busy={busy}
          >
            {t(`decision-${decision}`)}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit}>
        <TextAreaField
          id={`answer-${decision}`}
          name="answer"
          label={isApproval ? tq('note') : t('reason')}
          hint={isApproval ? tq('note-hint') : undefined}
          required={!isApproval}
          rows={4}
          maxLength={LIMITS.messageMax}
          error={error}
        />
        <FormMessage error={null} />
      </form>
    </Dialog>
  )
}
