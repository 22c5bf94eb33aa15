'use client'

import { useFormatter, useTranslations } from 'next-intl'

import { useTickets } from '@/client/swr/useSupport'
import { buttonClass } from '@/components/ui/Button'
import { SelectField } from '@/components/ui/Field'
import { QueueScreen, QueueTabs, useQueueQuery } from '@/components/ui/QueueScreen.client'
import { EmptyState } from '@/components/ui/States'
import type { TicketSummary } from '@/data/views/support'
import { Link } from '@/i18n/navigation'
import { TICKET_STATUSES, type TicketStatus as Status, ticketPath } from '@/lib/support'

import { TicketStatus } from './TicketStatus'

/** The viewer's tickets; for staff also the support queue, in a tab of its own. */
export function TicketList({ isStaff }: { isStaff: boolean }) {
  const t = useTranslations('tickets')
  return (
    <QueueTabs
      isStaff={isStaff}
      label={t('tabs-label')}
      queueLabel={t('tab-queue')}
      mineLabel={t('tab-mine')}
      list={(queue) => <TicketPages queue={queue} />}
    />
  )
}

function TicketPages({ queue }: { queue: boolean }) {
  const t = useTranslations('tickets')
  const { page, setPage, filters, setFilter, query } = useQueueQuery<{ status: Status | '' }>({
    status: queue ? 'open' : '',
  })
  const read = useTickets({ ...query, ...(queue ? { queue: true } : {}) })
  const { status } = filters

  return (
    <QueueScreen
      className="support-list"
      filters={
        <div className="support-filters">
          <SelectField
            id={queue ? 'queue-status' : 'ticket-status'}
            label={t('filter-status')}
            value={status}
            onChange={(event) => setFilter('status', event.currentTarget.value as Status | '')}
            options={[
              { value: '', label: t('status-all') },
              ...TICKET_STATUSES.map((value) => ({ value, label: t(`status-${value}`) })),
            ]}
          />
        </div>
      }
      read={read}
      items={(data) => data.tickets}
      renderItem={(ticket) => <TicketRow key={ticket.id} ticket={ticket} queue={queue} />}
      empty={
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
      }
      errorMessage={t('load-error')}
      listClassName="ticket-list"
      rowClassName="ticket-row"
      rows={3}
      page={page}
      onPage={setPage}
    />
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
        {queue && <span>{ticket.author?.display_name ?? t('deleted-user')}</span>}
        {queue && ticket.waiting_since && (
          <span>{t('waiting-since', { date: date(ticket.waiting_since) })}</span>
        )}
      </div>
    </li>
  )
}
