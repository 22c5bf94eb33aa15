import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { AccountNav } from '@/components/account/AccountNav'
import { EmployeeList } from '@/components/employees/EmployeeList.client'
import { NotOwnerState } from '@/components/employees/NotOwnerState'
import { buttonClass } from '@/components/ui/Button'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { canAddResources } from '@/lib/roles'
import { canManageEmployees } from '@/lib/roles'
import { isAdmin } from '@/lib/roles'

import '@/components/account/account.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('employees')
  return { title: t('title') }
}

/** /account/users: the owner's employees (every operator for admins), to add, edit or let go. */
export default async function EmployeesPage() {
  const user = await requireUser()
  const t = await getTranslations('employees')
  const allowed = canManageEmployees(user)
  return (
    <ClientMessages group="employees">
      <section className="account-area" aria-labelledby="employees-title">
        <header className="account-header">
          <h1 id="employees-title">{t('title')}</h1>
          {allowed && (
            <Link href="/add-employer" className={buttonClass({ size: 's' })}>
              {t('add')}
            </Link>
          )}
        </header>
        <AccountNav user={user} current="employees" />
        {allowed ? (
          <>
            <p className="account-intro">{t('intro')}</p>
            <EmployeeList showEmployer={isAdmin(user)} />
          </>
        ) : (
          <NotOwnerState mayAddResource={canAddResources(user)} />
        )}
      </section>
    </ClientMessages>
  )
}
