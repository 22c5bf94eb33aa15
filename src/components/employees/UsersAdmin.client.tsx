'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { useUsers } from '@/client/swr/useAccounts'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog.client'
import { Field, SelectField } from '@/components/ui/Field'
import { ListLoadState } from '@/components/ui/ListLoadState.client'
import { PageButtons } from '@/components/ui/PageButtons.client'
import { EmptyState } from '@/components/ui/States'
import { useToast } from '@/components/ui/Toast.client'
import type { ManagedAccountView } from '@/data/views/users'
import { LIMITS } from '@/lib/limits'
import { ASSIGNABLE_ROLES } from '@/lib/roles'
import { type BlockScope, USER_STATES } from '@/lib/users'

import { AccountForm } from './AccountForm.client'
import { BlockDialog, type BlockRequest } from './BlockDialog.client'

/**
 * The admins' users screen: every account but admins', searched by login, email or display name
 * and filtered by role and state; an admin adds accounts and blocks or unblocks them on the site
 * or in the chat, saying why.
 */
export function UsersAdmin({ title }: { title: string }) {
  const t = useTranslations('users-admin')
  const roles = useTranslations('roles')
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [role, setRole] = useState('')
  const [state, setState] = useState('')
  const [adding, setAdding] = useState(false)
  const [blocking, setBlocking] = useState<BlockRequest | null>(null)
  const toast = useToast()
  const { data, error, isLoading, mutate } = useUsers({
    page,
    ...(search ? { search } : {}),
    ...(role ? { role } : {}),
    ...(state ? { state } : {}),
  })

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSearch(String(new FormData(event.currentTarget).get('user-search') ?? '').trim())
    setPage(1)
  }

  let body
  if (error || isLoading || !data) {
    body = (
      <ListLoadState
        failed={Boolean(error)}
        errorMessage={t('load-error')}
        onRetry={() => mutate()}
        listClassName="account-list"
        rowClassName="card"
        rows={3}
      />
    )
  } else if (!data.users.length) {
    body = (
      <EmptyState title={t('empty')}>
        <p>{t('empty-text')}</p>
      </EmptyState>
    )
  } else {
    body = (
      <>
        <p className="account-intro" aria-live="polite">
          {t('total', { count: data.total })}
        </p>
        <ul className="account-list">
          {data.users.map((account) => (
            <UserRow
              key={account.id}
              account={account}
              onBlock={(scope, block) => setBlocking({ account, scope, block })}
            />
          ))}
        </ul>
        <PageButtons page={page} pages={data.total_pages} onPage={setPage} />
      </>
    )
  }

  return (
    <>
      <header className="account-header">
        <h1 id="users-title">{title}</h1>
        <Button size="s" onClick={() => setAdding(true)}>
          {t('add')}
        </Button>
      </header>
      <form className="account-filters" role="search" aria-label={t('filters')} onSubmit={onSearch}>
        <Field
          id="user-search"
          label={t('search')}
          type="search"
          placeholder={t('search-placeholder')}
          maxLength={LIMITS.searchQueryMax}
          defaultValue={search}
        />
        <SelectField
          id="user-role"
          label={t('role')}
          value={role}
          onChange={(event) => {
            setRole(event.currentTarget.value)
            setPage(1)
          }}
          options={[
            { value: '', label: t('role-all') },
            ...ASSIGNABLE_ROLES.map((value) => ({ value, label: roles(value) })),
          ]}
        />
        <SelectField
          id="user-state"
          label={t('state')}
          value={state}
          onChange={(event) => {
            setState(event.currentTarget.value)
            setPage(1)
          }}
          options={[
            { value: '', label: t('state-all') },
            ...USER_STATES.map((value) => ({ value, label: t(`state-${value}`) })),
          ]}
        />
        <Button type="submit" variant="secondary">
          {t('search-submit')}
        </Button>
      </form>
      {body}
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
              mutate()
            }}
          />
        )}
      </Dialog>
      <BlockDialog
        request={blocking}
        onClose={() => setBlocking(null)}
        onDone={() => {
          setBlocking(null)
          mutate()
        }}
      />
    </>
  )
}

function UserRow({
  account,
  onBlock,
}: {
  account: ManagedAccountView
  onBlock: (scope: BlockScope, block: boolean) => void
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
      </p>
    </li>
  )
}
