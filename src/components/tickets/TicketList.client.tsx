'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { useState } from 'react'

import { useTickets } from '@/client/swr/useSupport'
import { buttonClass } from '@/components/ui/Button'
import { SelectField } from '@/components/ui/Field'
import { ListLoadState } from '@/components/ui/ListLoadState.client'
import { PageButtons } from '@/components/ui/PageButtons.client'
import { EmptyState } from '@/components/ui/States'
import { Tabs } from '@/components/ui/Tabs.client'
import type { TicketSummary } from '@/data/views/support'
import { Link } from '@/i18n/navigation'
import { TICKET_STATUSES, ticketPath } from '@/lib/support'

import { TicketStatus } from './TicketStatus'

/** The viewer's tickets; for staff also the support queue, in a tab of its own. */
export function TicketList({ isStaff }: { isStaff: boolean }) {
  const t = useTranslations('tickets')
  if (!isStaff) return <TicketPages />
  return (
    <Tabs
      label={t('tabs-label')}
      tabs={[
        { id: 'queue', label: t('tab-queue'), content: <TicketPages queue /> },
        { id: 'mine', label: t('tab-mine'), content: <TicketPages /> },
      ]}
    />
  )
}

function TicketPages({ queue = false }: { queue?: boolean }) {
  const t = useTranslations('tickets')
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState(queue ? 'open' : '')
  const { data, error, isLoading, mutate } = useTickets({
    page,
    ...(status ? { status } : {}),
    ...(queue ? { queue: true } : {}),
  })

  const filter = (
    <SelectField
      id={queue ? 'queue-status' : 'ticket-status'}
      label={t('filter-status')}
      value={status}
      onChange={(event) => {
        setStatus(event.currentTarget.value)
        setPage(1)
      }}
      options={[
        { value: '', label: t('status-all') },
        ...TICKET_STATUSES.map((value) => ({ value, label: t(`status-${value}`) })),
      ]}
    />
  )

  let body
  if (error || isLoading || !data) {
    body = (
      <ListLoadState
        failed={Boolean(error)}
        errorMessage={t('load-error')}
        onRetry={() => mutate()}
        listClassName="ticket-list"
        rowClassName="ticket-row"
        rows={3}
      />
    )
  } else if (!data.tickets.length) {
    body = (
      <EmptyState
        title={queue ? t('queue-empty') : status ? t('filter-empty') : t('empty')}
        action={
          queue ? undefined : (
            <Link href="/send-ticket" className={buttonClass({ size: 's' })}>
              {t('new')}
            </Link>
          )
        }
      >
        {!queue && !status && <p>{t('empty-text')}</p>}
      </EmptyState>
    )
  } else {
    body = (
      <>
        <ul className="ticket-list">
          {data.tickets.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} queue={queue} />
          ))}
        </ul>
        <PageButtons page={page} pages={data.total_pages} onPage={setPage} />
      </>
    )
  }

  return (
    <div className="support-list">
      <div className="support-filters">{filter}</div>
      {body}
    </div>
  )
}

function TicketRow({ ticket, queue }: { ticket: TicketSummary; queue: boolean }) {
  const t = useTranslations('tickets')
  const format = useFormatter()
  const date = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' })
  const unread = ticket.unread && !queue
  return (
    <li className={unread ? 'ticket-row ticket-unread' : 'ticket-row'}>
      <div className="ticket-row-main">
        <Link href={ticketPath(ticket.id)} className="ticket-subject">
          {ticket.subject}
        </Link>
        {unread && <span className="badge badge-info">{t('unread')}</span>}
      </div>
      <div className="ticket-row-facts">
        <span>#{ticket.id}</span>
        <TicketStatus status={ticket.status} />
        <span>{t('created', { date: date(ticket.created_at) })}</span>
        {queue && ticket.author && <span>{ticket.author.display_name}</span>}
        {queue && ticket.waiting_since && (
          <span>{t('waiting-since', { date: date(ticket.waiting_since) })}</span>
        )}
      </div>
    </li>
  )
}
