'use client'

import { useFormatter, useLocale, useTranslations } from 'next-intl'
import { useState } from 'react'

import { apiPost } from '@/client/api'
import { AttachmentLinks } from '@/components/tickets/AttachmentLinks'
import { Badge, type BadgeTone } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { useConfirm } from '@/components/ui/Dialog.client'
import { useToast } from '@/components/ui/Toast.client'
import type { VerificationRequestView } from '@/data/views/support'
import { Link } from '@/i18n/navigation'
import {
  DECISIONS_WITH_REASON,
  VERIFICATION_DECISIONS,
  type VerificationDecision,
  type VerificationStatus,
} from '@/lib/support'

import { DecisionDialog } from './DecisionDialog.client'

const TONES: Record<VerificationStatus, BadgeTone> = {
  sent: 'info',
  awaitingReview: 'warning',
  approved: 'success',
  rejected: 'danger',
  revoked: 'neutral',
}

const DECISIONS = Object.keys(VERIFICATION_DECISIONS) as VerificationDecision[]

/** One request: what was asked, its answer and history, and in the queue the decisions. */
export function RequestCard({
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
