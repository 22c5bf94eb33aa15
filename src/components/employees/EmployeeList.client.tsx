'use client'

import { useFormatter, useTranslations } from 'next-intl'

import { apiPost } from '@/client/api'
import { useEmployees } from '@/client/swr/useAccounts'
import { Badge } from '@/components/ui/Badge'
import { Button, buttonClass } from '@/components/ui/Button'
import { useConfirm } from '@/components/ui/Dialog.client'
import { QueueScreen, useQueueQuery } from '@/components/ui/QueueScreen.client'
import { EmptyState } from '@/components/ui/States'
import { useToast } from '@/components/ui/Toast.client'
import type { ManagedAccountView } from '@/data/views/users'
import { Link } from '@/i18n/navigation'

/** The owner's employees (every operator for admins), each to edit or let go. */
export function EmployeeList({ showEmployer = false }: { showEmployer?: boolean }) {
  const t = useTranslations('employees')
  const errors = useTranslations('errors')
  const { page, setPage, query } = useQueueQuery({})
  const read = useEmployees(query)
  const { confirm, dialog } = useConfirm()
  const toast = useToast()

  const remove = async (employee: ManagedAccountView) => {
    const name = employee.display_name
    const sure = await confirm({
      title: t('remove-title', { name }),
      message: t('remove-text'),
      confirmLabel: t('remove'),
    })
    if (!sure) return
    const answer = await apiPost('/delete-employer', { user_id: employee.id })
    if (answer.ok) toast(t('removed', { name }), 'success')
    else toast(answer.data?.message ?? errors('unexpected'), 'error')
    await read.mutate()
  }

  return (
    <>
      <QueueScreen
        read={read}
        items={(data) => data.users}
        renderItem={(employee) => (
          <EmployeeRow
            key={employee.id}
            employee={employee}
            showEmployer={showEmployer}
            onRemove={() => remove(employee)}
          />
        )}
        empty={
          <EmptyState
            title={t('empty')}
            action={
              <Link href="/add-employer" className={buttonClass({ size: 's' })}>
                {t('add')}
              </Link>
            }
          >
            <p>{t('empty-text')}</p>
          </EmptyState>
        }
        errorMessage={t('load-error')}
        listClassName="account-list"
        rowClassName="card"
        page={page}
        onPage={setPage}
      />
      {dialog}
    </>
  )
}

function EmployeeRow({
  employee,
  showEmployer,
  onRemove,
}: {
  employee: ManagedAccountView
  showEmployer: boolean
  onRemove: () => void
}) {
  const t = useTranslations('employees')
  const roles = useTranslations('roles')
  const format = useFormatter()
  const name = employee.display_name
  return (
    <li className="card account-row">
      <div className="account-row-head">
        <h2 className="account-row-title">{name}</h2>
        <Badge tone="info">{roles(employee.role)}</Badge>
      </div>
      <p className="account-row-facts">
        <span>
          {t('login')}: {employee.login}
        </span>
        <span>{employee.email}</span>
        {showEmployer && employee.employer?.display_name && (
          <span>
            {t('employer')}: {employee.employer.display_name}
          </span>
        )}
        <span>
          {t('added', {
            date: format.dateTime(new Date(employee.created_at), { dateStyle: 'medium' }),
          })}
        </span>
      </p>
      <p className="account-row-actions">
        <Link
          href={`/add-employer?id=${employee.id}`}
          className={buttonClass({ variant: 'secondary', size: 's' })}
          aria-label={t('edit-named', { name })}
        >
          {t('edit')}
        </Link>
        <Button
          variant="ghost"
          size="s"
          onClick={onRemove}
          aria-label={t('remove-named', { name })}
        >
          {t('remove')}
        </Button>
      </p>
    </li>
  )
}
