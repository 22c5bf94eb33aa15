'use client'

import { useFormatter, useLocale, useTranslations } from 'next-intl'
import { type ReactNode, useState } from 'react'

import { apiPost } from '@/client/api'
import { useContactMessages, useRefreshContactMessages } from '@/client/swr/useContactMessages'
import { AttachmentLinks } from '@/components/tickets/AttachmentLinks'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { QueueScreen } from '@/components/ui/QueueScreen.client'
import { EmptyState } from '@/components/ui/States'
import { Tabs } from '@/components/ui/Tabs.client'
import { useToast } from '@/components/ui/Toast.client'
import type { ContactMessageView } from '@/data/views/contacts'

import { BulkBar, type Selection, useSelection } from './BulkBar.client'
import { ReplyDialog } from './ContactReplyDialog.client'
import { DecisionsProvider, useDecisions } from './Decisions.client'
import { SelectItem } from './SelectItem.client'

/**
 * The contact form's messages for admins: the unprocessed (the longest waiting first) and the
 * processed, each tab with its count and its own page. A message is read as sent; it can be
 * answered once by email (a saved reply may start the answer) and marked processed (or returned
 * to the queue), one or the page's picked ones at once, for a while undoably.
 */
export function ContactsQueue() {
  const t = useTranslations('contacts-queue')
  const [openPage, setOpenPage] = useState(1)
  const [donePage, setDonePage] = useState(1)
  const open = useContactMessages({ page: openPage, handled: false })
  const done = useContactMessages({ page: donePage, handled: true })
  const refresh = useRefreshContactMessages()
  const counts = open.data?.counts ?? done.data?.counts
  const label = (name: 'unprocessed' | 'processed') => (
    <>
      {t(`tab-${name}`)}
      {counts && (
        <>
          {' '}
          <span className="tab-count">{counts[name]}</span>
        </>
      )}
    </>
  )
  return (
    <div className="contacts-queue">
      <DecisionsProvider queue="contacts" onChange={refresh}>
        <Tabs
          label={t('tabs-label')}
          tabs={[
            {
              id: 'unprocessed',
              label: label('unprocessed'),
              content: (
                <MessageList
                  read={open}
                  page={openPage}
                  onPage={setOpenPage}
                  empty={
                    <EmptyState title={t('empty-unprocessed')}>
                      <p>{t('empty-unprocessed-text')}</p>
                    </EmptyState>
                  }
                  onChange={refresh}
                />
              ),
            },
            {
              id: 'processed',
              label: label('processed'),
              content: (
                <MessageList
                  read={done}
                  page={donePage}
                  onPage={setDonePage}
                  empty={<EmptyState title={t('empty-processed')} />}
                  onChange={refresh}
                  isProcessed
                />
              ),
            },
          ]}
        />
      </DecisionsProvider>
    </div>
  )
}

function MessageList({
  read,
  page,
  onPage,
  empty,
  onChange,
  isProcessed = false,
}: {
  read: ReturnType<typeof useContactMessages>
  page: number
  onPage: (page: number) => void
  empty: ReactNode
  onChange: () => void
  isProcessed?: boolean
}) {
  const t = useTranslations('contacts-queue')
  const tb = useTranslations('moderation-bulk')
  const selection = useSelection(read.data?.messages.map((item) => item.id) ?? [])
  const action = isProcessed ? 'unprocess' : 'process'
  return (
    <QueueScreen
      className="support-list"
      read={read}
      items={(data) => data.messages}
      intro={(data) => (
        <BulkBar
          queue="contacts"
          items={data.messages.map((item) => ({ id: item.id, label: item.subject }))}
          selection={selection}
          choices={[
            {
              action,
              label: tb(action),
              done: (count) => tb(`done-${action}`, { count }),
            },
          ]}
        />
      )}
      renderItem={(item) => (
        <MessageCard key={item.id} item={item} onChange={onChange} selection={selection} />
      )}
      empty={empty}
      errorMessage={t('load-error')}
      listClassName="request-list"
      rowClassName="card"
      rows={2}
      lines={4}
      page={page}
      onPage={(next) => {
        selection.pick([])
        onPage(next)
      }}
    />
  )
}

function MessageCard({
  item,
  onChange,
  selection,
}: {
  item: ContactMessageView
  onChange: () => void
  selection: Selection
}) {
  const t = useTranslations('contacts-queue')
  const format = useFormatter()
  const locale = useLocale()
  const toast = useToast()
  const { announce } = useDecisions()
  const [replying, setReplying] = useState(false)
  const [busy, setBusy] = useState(false)
  const date = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' })
  const titleId = `contact-${item.id}-title`

  const mark = async () => {
    setBusy(true)
    const result = await apiPost('/mark-contact-message', { id: item.id, handled: !item.handled })
    setBusy(false)
    if (!result.ok) return toast(result.data.message ?? t('action-failed'), 'error')
    announce({
      message: item.handled ? t('done-unprocessed') : t('done-processed'),
      undo: result.data.undo,
    })
  }

  return (
    <li className="card request-card contact-card" aria-labelledby={titleId}>
      <div className="request-head">
        <SelectItem selection={selection} id={item.id} label={item.subject} />
        <h2 id={titleId} className="request-title">
          {item.subject}
        </h2>
        <Badge tone={item.reply ? 'success' : item.handled ? 'neutral' : 'warning'}>
          {t(
            item.reply
              ? 'status-replied'
              : item.handled
                ? 'status-processed'
                : 'status-unprocessed',
          )}
        </Badge>
      </div>
      <p className="contact-from">
        <span className="contact-from-label">{t('from')}</span>{' '}
        <span className="contact-name">{item.name}</span>{' '}
        <a href={`mailto:${item.email}`} className="contact-email">
          {item.email}
        </a>
      </p>
      <p className="ticket-row-facts">
        <span>#{item.id}</span>
        <span>{t('sent-on', { date: date(item.created_at) })}</span>
        {item.locale && <span>{t('language', { language: t(`language-${item.locale}`) })}</span>}
        {item.sender && <span>{t('signed-in-as', { name: item.sender.display_name })}</span>}
      </p>
      <p className="request-message contact-text">{item.message}</p>
      <AttachmentLinks files={item.attachments} locale={locale} />
      {item.reply && (
        <div className="request-answer">
          <p className="request-answer-title">
            {t('reply-title')}
            {item.reply.at && (
              <>
                {' · '}
                {item.reply.by
                  ? t('reply-meta', { name: item.reply.by.display_name, date: date(item.reply.at) })
                  : t('reply-meta-date', { date: date(item.reply.at) })}
              </>
            )}
          </p>
          <p className="request-message">{item.reply.text}</p>
        </div>
      )}
      {item.handled && item.handled_at && (
        <p className="ticket-row-facts">
          {item.handled_by
            ? t('handled-by', { name: item.handled_by.display_name, date: date(item.handled_at) })
            : t('handled-on', { date: date(item.handled_at) })}
        </p>
      )}
      <div className="request-actions">
        {!item.reply && (
          <Button size="s" disabled={busy} onClick={() => setReplying(true)}>
            {t('reply')}
          </Button>
        )}
        <Button
          size="s"
          variant={item.handled ? 'ghost' : 'secondary'}
          disabled={busy}
          onClick={mark}
        >
          {item.handled ? t('mark-unprocessed') : t('mark-processed')}
        </Button>
      </div>
      {replying && (
        <ReplyDialog
          item={item}
          onClose={() => setReplying(false)}
          onSent={() => {
            setReplying(false)
            toast(t('reply-sent', { email: item.email }))
            onChange()
          }}
        />
      )}
    </li>
  )
}
