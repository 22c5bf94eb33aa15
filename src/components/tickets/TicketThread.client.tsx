'use client'

import { useFormatter, useLocale, useTranslations } from 'next-intl'
import { type FormEvent, useRef } from 'react'

import { type ApiError, apiPost } from '@/client/api'
import { useTicket } from '@/client/swr/useSupport'
import { chosenFiles, useAttachments } from '@/components/AttachmentsField.client'
import { Button, buttonClass } from '@/components/ui/Button'
import { useConfirm } from '@/components/ui/Dialog.client'
import { FormMessage, TextAreaField } from '@/components/ui/Field'
import { ErrorState, Skeleton } from '@/components/ui/States'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import type { TicketView } from '@/data/views/support'
import { Link } from '@/i18n/navigation'
import { LIMITS } from '@/lib/limits'

import { AttachmentLinks } from './AttachmentLinks'
import { SavedReplyPicker } from './SavedReplyPicker.client'
import { TicketStatus } from './TicketStatus'

/**
 * A ticket's page: its thread, oldest first, a reply form while it is open (with support's saved
 * replies for those who answer), and closing it.
 */
export function TicketThread({ id, hasSavedReplies }: { id: number; hasSavedReplies: boolean }) {
  const t = useTranslations('tickets')
  const ui = useTranslations('ui')
  const { data, error, isLoading, mutate } = useTicket(id)

  if (error) {
    const missing = (error as ApiError).status === 404
    return (
      <ErrorState
        message={missing ? t('not-found') : t('load-error')}
        action={
          missing ? (
            <Link href="/tickets" className={buttonClass({ size: 's', variant: 'secondary' })}>
              {t('back')}
            </Link>
          ) : (
            <Button variant="secondary" size="s" onClick={() => mutate()}>
              {ui('retry')}
            </Button>
          )
        }
      />
    )
  }
  if (isLoading || !data) {
    return (
      <div className="ticket-thread" aria-busy="true">
        <Skeleton width="60%" height="2rem" />
        <Skeleton lines={4} />
      </div>
    )
  }
  return (
    <Thread
      ticket={data.ticket}
      hasSavedReplies={hasSavedReplies}
      onChange={(ticket) => mutate({ ...data, ticket }, { revalidate: false })}
    />
  )
}

function Thread({
  ticket,
  hasSavedReplies,
  onChange,
}: {
  ticket: TicketView
  hasSavedReplies: boolean
  onChange: (ticket: TicketView) => void
}) {
  const t = useTranslations('tickets')
  const format = useFormatter()
  const locale = useLocale()
  const toast = useToast()
  const { confirm, dialog } = useConfirm()
  const date = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' })

  const close = async () => {
    const ok = await confirm({
      title: t('close-title'),
      message: t('close-message'),
      confirmLabel: t('close'),
      tone: 'primary',
    })
    if (!ok) return
    const answer = await apiPost('/close-ticket', { id: ticket.id })
    if (answer.ok) {
      onChange(answer.data.ticket)
      toast(t('closed-toast'))
    } else toast(t('action-failed'), 'error')
  }

  return (
    <article className="ticket-thread" aria-labelledby="ticket-title">
      <header className="page-header ticket-header">
        <p className="ticket-back">
          <Link href="/tickets">← {t('back')}</Link>
        </p>
        <h1 id="ticket-title">{ticket.subject}</h1>
        <p className="ticket-row-facts">
          <span>#{ticket.id}</span>
          <TicketStatus status={ticket.status} />
          <span>{t('created', { date: date(ticket.created_at) })}</span>
        </p>
      </header>
      <ol className="ticket-messages">
        {ticket.messages.map((message) => (
          <li
            key={message.id}
            className={
              message.from_support ? 'ticket-message ticket-message-support' : 'ticket-message'
            }
          >
            <p className="ticket-message-meta">
              <strong>
                {message.from_support
                  ? t('support-name', { name: message.author?.display_name ?? '' })
                  : message.own
                    ? t('you')
                    : (message.author?.display_name ?? t('deleted-user'))}
              </strong>{' '}
              <time dateTime={message.created_at}>{date(message.created_at)}</time>
            </p>
            <p className="ticket-message-body">{message.body}</p>
            <AttachmentLinks files={message.attachments} locale={locale} />
          </li>
        ))}
      </ol>
      {ticket.can_reply ? (
        <ReplyForm ticket={ticket} hasSavedReplies={hasSavedReplies} onChange={onChange} />
      ) : (
        <div className="ticket-closed" role="note">
          <p>{t('closed-note')}</p>
          <Link href="/send-ticket" className={buttonClass({ size: 's' })}>
            {t('new')}
          </Link>
        </div>
      )}
      {ticket.can_close && (
        <div className="ticket-close">
          <Button variant="secondary" size="s" onClick={close}>
            {t('close')}
          </Button>
        </div>
      )}
      {dialog}
    </article>
  )
}

const FIELDS = ['message', 'attachments'] as const

function ReplyForm({
  ticket,
  hasSavedReplies,
  onChange,
}: {
  ticket: TicketView
  hasSavedReplies: boolean
  onChange: (ticket: TicketView) => void
}) {
  const t = useTranslations('tickets')
  const form = useApiForm(FIELDS)
  const attachments = useAttachments()
  const toast = useToast()
  const element = useRef<HTMLFormElement>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const files = chosenFiles(data)
    if (attachments.check(files)) return
    const body = new FormData()
    body.append('id', String(ticket.id))
    body.append('message', String(data.get('message') ?? '').trim())
    for (const file of files) body.append('attachments', file)
    const answer = await form.submit(() => apiPost('/reply-ticket', body))
    if (!answer?.ok) return
    element.current?.reset()
    onChange(answer.data.ticket)
    toast(t('reply-sent'))
  }

  return (
    <section className="ticket-reply" aria-labelledby="reply-title">
      <h2 id="reply-title">{t('reply-heading')}</h2>
      <form ref={element} className="form" onSubmit={onSubmit}>
        {hasSavedReplies && <SavedReplyPicker target="message" />}
        <TextAreaField
          id="message"
          label={t('reply-label')}
          required
          rows={5}
          maxLength={LIMITS.messageMax}
          error={form.fieldErrors.message}
        />
        {attachments.field({ serverError: form.fieldErrors.attachments })}
        <FormMessage error={form.formError} />
        <div className="form-actions">
          <Button type="submit" busy={form.isSubmitting}>
            {form.isSubmitting ? t('sending') : t('reply-send')}
          </Button>
        </div>
      </form>
    </section>
  )
}
