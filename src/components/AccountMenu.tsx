'use client'

import NextLink from 'next/link'
import { useTranslations } from 'next-intl'
import { useState } from 'react'

import { Link } from '@/i18n/navigation'
import { apiPost, setAuthToken } from '@/lib/api/client'

export type AccountMenuUser = { displayName: string; isStaff: boolean }

export function AccountMenu({ user }: { user: AccountMenuUser }) {
  const t = useTranslations('header')
  const [isLeaving, setIsLeaving] = useState(false)

  const logOut = async () => {
    setIsLeaving(true)
    await apiPost('/users/logout', {})
    setAuthToken(null)
    // A full load drops every client cache (SWR, router) that held the signed-in user's data.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/')
  }

  return (
    <details className="account-menu">
      <summary aria-label={t('account-menu')}>
        <span className="avatar" aria-hidden="true">
          {user.displayName.slice(0, 1).toUpperCase()}
        </span>
        <span className="account-name">{user.displayName}</span>
      </summary>
      <ul>
        <li>
          <Link href="/profile">{t('profile')}</Link>
        </li>
        {user.isStaff && (
          <li>
            <NextLink href="/admin" prefetch={false}>
              {t('admin-panel')}
            </NextLink>
          </li>
        )}
        <li>
          <button type="button" onClick={logOut} disabled={isLeaving}>
            {t('log-out')}
          </button>
        </li>
      </ul>
    </details>
  )
}
