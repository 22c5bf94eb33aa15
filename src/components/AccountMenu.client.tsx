'use client'

import NextLink from 'next/link'
import { useTranslations } from 'next-intl'
import { useRef, useState } from 'react'

import { apiPost, setAuthToken } from '@/client/api'
import { useViewer } from '@/client/swr/useViewer'
import { Link } from '@/i18n/navigation'
import { canAdministerUsers, canManageEmployees, canUseAdminPanel } from '@/lib/roles'
import type { User } from '@payload-types'

type MenuLink = { href: string; key: string; shownTo?: (user: User) => boolean }

const LINKS: readonly MenuLink[] = [
  { href: '/account', key: 'my-resources' },
  { href: '/account/users', key: 'employees', shownTo: canManageEmployees },
  { href: '/users', key: 'users', shownTo: canAdministerUsers },
  { href: '/favorites', key: 'favorites' },
  { href: '/reviews', key: 'my-reviews' },
  { href: '/account/reviews', key: 'owner-reviews' },
  { href: '/resource-check', key: 'resource-checks' },
  { href: '/tickets', key: 'tickets' },
  { href: '/add-resource', key: 'add-resource' },
  { href: '/two-factor-authentication', key: 'security' },
  { href: '/my-settings', key: 'settings' },
]

/**
 * The header's account corner: a sign-in link for guests, the account menu for a signed-in
 * visitor. Pages are the same for everyone, so the browser asks who is signed in.
 */
export function AccountMenu() {
  const t = useTranslations('header')
  const details = useRef<HTMLDetailsElement>(null)
  const { viewer: user, isLoading } = useViewer()
  // A client-side navigation keeps the header mounted, and the menu would stay open over the page.
  const close = () => details.current?.removeAttribute('open')

  // Holds the corner's place, so nothing moves when the answer comes.
  if (isLoading) return <span className="account-pending" />
  if (!user) {
    return (
      <Link href="/signin" className="button button-small account-sign-in">
        {t('sign-in')}
      </Link>
    )
  }

  return (
    <details className="account-menu" ref={details}>
      <summary>
        <span className="avatar" aria-hidden="true">
          {user.displayName.slice(0, 1).toUpperCase()}
        </span>
        <span className="account-name">{user.displayName}</span>
        {/* Not an aria-label: the name must hold the visible text, which voice users say. */}
        <span className="visually-hidden"> {t('account-menu')}</span>
      </summary>
      <ul>
        <AccountItems user={user} onNavigate={close} />
      </ul>
    </details>
  )
}

/**
 * The account's links in the header's menu on phones: the account menu's, or signing in. The
 * account corner beside the menu button tells who is signed in.
 */
export function AccountLinks() {
  const t = useTranslations('header')
  const { viewer: user, isLoading } = useViewer()
  if (isLoading) return null
  return (
    <section className="site-menu-account" aria-label={t('account')}>
      <ul>
        {user ? (
          <AccountItems user={user} />
        ) : (
          <>
            <li>
              <Link href="/signin">{t('sign-in')}</Link>
            </li>
            <li>
              <Link href="/signup">{t('sign-up')}</Link>
            </li>
          </>
        )}
      </ul>
    </section>
  )
}

function AccountItems({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  const t = useTranslations('header')
  const menu = useTranslations('account-menu')
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
    <>
      <li>
        <Link href="/profile" onClick={onNavigate}>
          {t('profile')}
        </Link>
      </li>
      {LINKS.filter((link) => !link.shownTo || link.shownTo(user)).map((link) => (
        <li key={link.key}>
          <Link href={link.href} onClick={onNavigate}>
            {menu(link.key)}
          </Link>
        </li>
      ))}
      {canUseAdminPanel(user) && (
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
    </>
  )
}
