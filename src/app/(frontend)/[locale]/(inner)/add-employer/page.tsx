import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { EmployeeEditor } from '@/components/employees/EmployeeEditor.client'
import { NotOwnerState } from '@/components/employees/NotOwnerState'
import { EmptyState } from '@/components/ui/States'
import { getEmployee } from '@/data/employees'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { canAddResources } from '@/lib/roles'
import { canManageEmployees, isAdmin } from '@/lib/roles'
import { firstParam } from '@/lib/searchParams'

import '@/components/account/account.css'

type Props = { searchParams: Promise<{ id?: string | string[] }> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('employees')
  return { title: t('form-title-add') }
}

/** /add-employer: a new employee account; `?id=` changes one of the owner's employees. */
export default async function AddEmployerPage({ searchParams }: Props) {
  const user = await requireUser()
  const t = await getTranslations('employees')
  const id = firstParam((await searchParams).id)
  const employee = id ? await getEmployee({ user, id }) : null
  const title = employee
    ? t('form-title-edit', { name: employee.display_name })
    : t('form-title-add')

  let body
  if (!canManageEmployees(user)) {
    body = <NotOwnerState mayAddResource={canAddResources(user)} />
  } else if (id && !employee) {
    body = <EmptyState title={t('not-found')} />
  } else {
    body = <EmployeeEditor employee={employee ?? undefined} askEmployer={isAdmin(user)} />
  }

  return (
    <ClientMessages group="employees">
      <section className="account-area account-form-page" aria-labelledby="employee-form-title">
        <Link href="/account/users">{t('back')}</Link>
        <h1 id="employee-form-title">{title}</h1>
        {body}
      </section>
    </ClientMessages>
  )
}
