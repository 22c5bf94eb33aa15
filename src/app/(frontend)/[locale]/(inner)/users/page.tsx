import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { UsersAdmin } from '@/components/employees/UsersAdmin.client'
import { EmptyState } from '@/components/ui/States'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'
import { canAdministerUsers } from '@/lib/roles'

import '@/components/account/account.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('users-admin')
  return { title: t('title') }
}

/** /users (admins): every account but admins', to search, add, block and unblock. */
export default async function UsersPage() {
  const user = await requireUser()
  const t = await getTranslations('users-admin')
  return (
    <ClientMessages group="users-admin">
      <section className="account-area" aria-labelledby="users-title">
        {canAdministerUsers(user) ? (
          <UsersAdmin title={t('title')} />
        ) : (
          <>
            <h1 id="users-title">{t('title')}</h1>
            <EmptyState title={t('admins-only')} />
          </>
        )}
      </section>
    </ClientMessages>
  )
}
