'use client'

import { useFormatter, useLocale, useTranslations } from 'next-intl'
import { useState } from 'react'

import { apiPost } from '@/client/api'
import { useModerationResources, useRefreshQueue } from '@/client/swr/useModeration'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { QueueScreen, useQueueQuery } from '@/components/ui/QueueScreen.client'
import { EmptyState } from '@/components/ui/States'
import { Tabs } from '@/components/ui/Tabs.client'
import type { ModeratedResourceView } from '@/data/views/moderation'
import { countryName } from '@/lib/countries'
import type { ResourceTab } from '@/lib/moderation'

import { BulkBar, type BulkChoice, type Selection, useSelection } from './BulkBar.client'
import { DecisionsProvider } from './Decisions.client'
import { ReasonDialog } from './ReasonDialog.client'
import { SelectItem } from './SelectItem.client'
import { useQueueAction } from './useQueueAction'

/**
 * The resources waiting for approval, oldest first: approve one (it is published at once) or
 * reject it with a reason its owner receives, or the page's picked ones at once; the rejected ones
 * in a tab of their own.
 */
export function ResourcesQueue() {
  const t = useTranslations('moderation')
  const refresh = useRefreshQueue('resources')
  return (
    <DecisionsProvider queue="resources" onChange={refresh}>
      <Tabs
        label={t('resources-tabs')}
        tabs={[
          { id: 'pending', label: t('tab-pending'), content: <ResourcePages tab="pending" /> },
          { id: 'rejected', label: t('tab-rejected'), content: <ResourcePages tab="rejected" /> },
        ]}
      />
    </DecisionsProvider>
  )
}

function ResourcePages({ tab }: { tab: ResourceTab }) {
  const t = useTranslations('moderation')
  const tb = useTranslations('moderation-bulk')
  const { page, setPage, query } = useQueueQuery({})
  const read = useModerationResources({ ...query, tab })
  const selection = useSelection(read.data?.resources.map((resource) => resource.id) ?? [])
  const count = selection.selected.length
  const approve: BulkChoice = {
    action: 'approve',
    label: tb('approve'),
    variant: 'primary',
    confirm: {
      title: tb('approve-title', { count }),
      message: tb('approve-text'),
      confirmLabel: t('action-approve'),
    },
    done: (done) => tb('done-approve', { count: done }),
  }
  const reject: BulkChoice = {
    action: 'reject',
    label: tb('reject'),
    variant: 'danger',
    reason: {
      title: tb('reject-title', { count }),
      description: tb('reject-text'),
      label: t('reject-reason'),
      hint: t('reject-reason-hint'),
      confirm: t('confirm-reject'),
    },
    done: (done) => tb('done-reject', { count: done }),
  }
  return (
    <QueueScreen
      className="moderation-list"
      read={read}
      items={(data) => data.resources}
      intro={(data) => (
        <>
          <p className="account-intro" aria-live="polite">
            {t(tab === 'pending' ? 'resources-total-pending' : 'resources-total-rejected', {
              count: data.total,
            })}
          </p>
          <BulkBar
            queue="resources"
            items={data.resources.map((resource) => ({ id: resource.id, label: resource.title }))}
            selection={selection}
            choices={tab === 'pending' ? [approve, reject] : [approve]}
          />
        </>
      )}
      renderItem={(resource) => (
        <PendingResource key={resource.id} resource={resource} tab={tab} selection={selection} />
      )}
      empty={
        <EmptyState
          title={tab === 'pending' ? t('resources-empty') : t('resources-rejected-empty')}
        />
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

function PendingResource({
  resource,
  tab,
  selection,
}: {
  resource: ModeratedResourceView
  tab: ResourceTab
  selection: Selection
}) {
  const t = useTranslations('moderation')
  const locale = useLocale()
  const format = useFormatter()
  const { busy, dialog, done, confirmThenSend } = useQueueAction()
  const [rejecting, setRejecting] = useState(false)
  const titleId = `moderated-${resource.id}-title`
  const date = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' })

  const approve = () =>
    confirmThenSend(
      {
        title: t('approve-title', { title: resource.title }),
        message: t('approve-text'),
        confirmLabel: t('action-approve'),
        tone: 'primary',
      },
      () => apiPost('/decide-resource', { id: resource.id, decision: 'approve' }),
      t('done-approve', { title: resource.title }),
    )

  return (
    <li className="card moderation-item" aria-labelledby={titleId}>
      <div className="moderation-item-head">
        <SelectItem selection={selection} id={resource.id} label={resource.title} />
        <h2 id={titleId} className="moderation-item-title">
          {resource.title}
        </h2>
        <span className="moderation-badges">
          <Badge tone="info">{t(`type-${resource.type}`)}</Badge>
          {tab === 'rejected' && <Badge tone="danger">{t('badge-rejected')}</Badge>}
        </span>
      </div>
      <p className="moderation-facts">
        <span>
          {resource.owner
            ? t('added-by', { name: resource.owner.display_name })
            : t('added-by-staff')}
        </span>
        <span>{t('added-on', { date: date(resource.created_at) })}</span>
        {resource.country && <span>{countryName(resource.country, locale)}</span>}
      </p>
      {resource.anons && <p className="moderation-anons">{resource.anons}</p>}
      <ul className="moderation-links" aria-label={t('links')}>
        {resource.links.map((url) => (
          <li key={url}>
            <code>{url}</code>
          </li>
        ))}
      </ul>
      {resource.rejection_reason && (
        <p className="moderation-note">
          {t(tab === 'rejected' ? 'rejected-why' : 'rejected-before', {
            reason: resource.rejection_reason,
          })}
          {tab === 'rejected' && resource.moderated_at && <> · {date(resource.moderated_at)}</>}
        </p>
      )}
      <div className="moderation-actions">
        <Button size="s" disabled={busy} onClick={approve}>
          {t('action-approve')}
          <span className="visually-hidden"> {resource.title}</span>
        </Button>
        {tab === 'pending' && (
          <Button size="s" variant="danger" disabled={busy} onClick={() => setRejecting(true)}>
            {t('action-reject')}
            <span className="visually-hidden"> {resource.title}</span>
          </Button>
        )}
        <a className="moderation-admin-link" href={`/admin/collections/resources/${resource.id}`}>
          {t('open-in-admin')}
        </a>
      </div>
      {rejecting && (
        <ReasonDialog
          id={`reject-${resource.id}`}
          title={t('reject-title', { title: resource.title })}
          description={t('reject-text')}
          label={t('reject-reason')}
          hint={t('reject-reason-hint')}
          confirmLabel={t('confirm-reject')}
          send={(reason) =>
            apiPost('/decide-resource', { id: resource.id, decision: 'reject', reason })
          }
          onClose={() => setRejecting(false)}
          onDone={(answer) => {
            setRejecting(false)
            done(t('done-reject', { title: resource.title }), answer)
          }}
        />
      )}
      {dialog}
    </li>
  )
}
