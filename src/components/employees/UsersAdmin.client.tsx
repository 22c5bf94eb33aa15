'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { useUsers } from '@/client/swr/useAccounts'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { Dialog, useConfirm } from '@/components/ui/Dialog.client'
import { Field, SelectField } from '@/components/ui/Field'
import { QueueScreen, useQueueQuery } from '@/components/ui/QueueScreen.client'
import { EmptyState } from '@/components/ui/States'
import { useToast } from '@/components/ui/Toast.client'
import type { ManagedAccountView } from '@/data/views/users'
import { LIMITS } from '@/lib/limits'
import { ASSIGNABLE_ROLES, type AssignableRole } from '@/lib/roles'
import { type BlockScope, USER_STATES, type UserState } from '@/lib/users'

import { AccountForm } from './AccountForm.client'
import { BlockDialog, type BlockRequest } from './BlockDialog.client'

/**
 * The admins' users screen: every account but admins', searched by login, email or display name
 * and filtered by role and state; an admin adds accounts and blocks or unblocks them on the site
 * or in the chat, saying why, and delete an account at its member's request (as the member's own
 * deletion does, src/lib/accountDeletion.ts).
 */
export function UsersAdmin({ title }: { title: string }) {
  const t = useTranslations('users-admin')
  const roles = useTranslations('roles')
  const errors = useTranslations('errors')
  const { page, setPage, filters, setFilter, query } = useQueueQuery<Filters>({
    search: '',
    role: '',
    state: '',
  })
  const [adding, setAdding] = useState(false)
  const [blocking, setBlocking] = useState<BlockRequest | null>(null)
  const toast = useToast()
  const { confirm, dialog } = useConfirm()
  const read = useUsers(query)

  const deleteAccount = async (account: ManagedAccountView) => {
    const name = account.display_name
    const ok = await confirm({
      title: t('delete-title', { name }),
      message: t('delete-text'),
      confirmLabel: t('delete-confirm'),
    })
    if (!ok) return
    const answer = await apiPost('/delete-user', { user_id: account.id })
    if (!answer.ok) return toast(answer.data.message ?? errors('unexpected'), 'error')
    toast(t('deleted', { name }), 'success')
    await read.mutate()
  }

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFilter('search', String(new FormData(event.currentTarget).get('user-search') ?? '').trim())
  }

  return (
    <>
      <header className="account-header">
        <h1 id="users-title">{title}</h1>
        <Button size="s" onClick={() => setAdding(true)}>
          {t('add')}
        </Button>
      </header>
      <QueueScreen
        filters={
          <form
            className="account-filters"
            role="search"
            aria-label={t('filters')}
            onSubmit={onSearch}
          >
            <Field
              id="user-search"
              label={t('search')}
              type="search"
              placeholder={t('search-placeholder')}
              maxLength={LIMITS.searchQueryMax}
              defaultValue={filters.search}
            />
            <SelectField
              id="user-role"
              label={t('role')}
              value={filters.role}
              onChange={(event) => setFilter('role', event.currentTarget.value as Filters['role'])}
              options={[
                { value: '', label: t('role-all') },
                ...ASSIGNABLE_ROLES.map((value) => ({ value, label: roles(value) })),
              ]}
            />
            <SelectField
              id="user-state"
              label={t('state')}
              value={filters.state}
              onChange={(event) =>
                setFilter('state', event.currentTarget.value as Filters['state'])
              }
              options={[
                { value: '', label: t('state-all') },
                ...USER_STATES.map((value) => ({ value, label: t(`state-${value}`) })),
              ]}
            />
            <Button type="submit" variant="secondary">
              {t('search-submit')}
            </Button>
          </form>
        }
        read={read}
        items={(data) => data.users}
        intro={(data) => (
          <p className="account-intro" aria-live="polite">
            {t('total', { count: data.total })}
          </p>
        )}
        renderItem={(account) => (
          <UserRow
            key={account.id}
            account={account}
            onBlock={(scope, block) => setBlocking({ account, scope, block })}
            onDelete={() => deleteAccount(account)}
          />
        )}
        empty={
          <EmptyState title={t('empty')}>
            <p>{t('empty-text')}</p>
          </EmptyState>
        }
        errorMessage={t('load-error')}
        listClassName="account-list"
        rowClassName="card"
        rows={3}
        page={page}
        onPage={setPage}
      />
      <Dialog open={adding} onClose={() => setAdding(false)} title={t('add-title')}>
        {adding && (
          <AccountForm
            call="/add-users"
            roles={ASSIGNABLE_ROLES}
            askEmployer
            idPrefix="new-"
            onDone={(account) => {
              setAdding(false)
              toast(t('created', { name: account.display_name }), 'success')
              read.mutate()
            }}
          />
        )}
      </Dialog>
      <BlockDialog
        request={blocking}
        onClose={() => setBlocking(null)}
        onDone={() => {
          setBlocking(null)
          read.mutate()
        }}
      />
      {dialog}
    </>
  )
}

type Filters = { search: string; role: AssignableRole | ''; state: UserState | '' }

function UserRow({
  account,
  onBlock,
  onDelete,
}: {
  account: ManagedAccountView
  onBlock: (scope: BlockScope, block: boolean) => void
  onDelete: () => void
}) {
  const t = useTranslations('users-admin')
  const roles = useTranslations('roles')
  const format = useFormatter()
  const name = account.display_name
  return (
    <li className="card account-row">
      <div className="account-row-head">
        <h2 className="account-row-title">{name}</h2>
        <span className="account-row-badges">
          <Badge tone="info">{roles(account.role)}</Badge>
          {account.blocked && <Badge tone="danger">{t('badge-blocked')}</Badge>}
          {account.chat_blocked && <Badge tone="warning">{t('badge-chat-blocked')}</Badge>}
          {account.status !== 'verified' && <Badge>{t('badge-unverified')}</Badge>}
        </span>
      </div>
      <p className="account-row-facts">
        <span>{account.login}</span>
        <span>{account.email}</span>
        {account.employer?.display_name && (
          <span>{t('works-for', { name: account.employer.display_name })}</span>
        )}
        <span>
          {t('registered', {
            date: format.dateTime(new Date(account.created_at), { dateStyle: 'medium' }),
          })}
        </span>
      </p>
      {(account.blocked || account.chat_blocked) && account.block_reason && (
        <p className="account-row-note">{t('why', { reason: account.block_reason })}</p>
      )}
      <p className="account-row-actions">
        <Button
          variant={account.blocked ? 'secondary' : 'ghost'}
          size="s"
          onClick={() => onBlock('site', !account.blocked)}
        >
          {account.blocked ? t('unblock') : t('block')}
          <span className="visually-hidden"> {name}</span>
        </Button>
        <Button variant="ghost" size="s" onClick={() => onBlock('chat', !account.chat_blocked)}>
          {account.chat_blocked ? t('unblock-chat') : t('block-chat')}
          <span className="visually-hidden"> {name}</span>
        </Button>
        <Button variant="danger" size="s" onClick={onDelete}>
          {t('delete')}
          <span className="visually-hidden"> {name}</span>
        </Button>
      </p>
    </li>
  )
}
