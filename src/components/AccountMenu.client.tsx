'use client'

import NextLink from 'next/link'
import { useTranslations } from 'next-intl'
import { useId, useRef, useState } from 'react'

import { apiPost, setAuthToken } from '@/client/api'
import { useViewer } from '@/client/swr/useViewer'
import { Link } from '@/i18n/navigation'
import {
  canAddResources,
  canAdministerUsers,
  canDecideVerification,
  canManageEmployees,
  canManageResources,
  canModerate,
  canSeeAnalytics,
  canUseAdminPanel,
} from '@/lib/roles'
import type { User } from '@payload-types'

type Entry = {
  href: string
  /** Its label's key in `account-menu`. */
  key: string
  /** The Payload admin: a full page load, outside the localized site. */
  isAdminPanel?: boolean
  shownTo?: (user: User) => boolean
}

type Group = { key: 'account' | 'resources' | 'moderation' | 'administration'; entries: Entry[] }

/**
 * What the account menu offers, by what the role has (src/lib/roles): a plain member sees no
 * owner's sections, an operator the employer's resources, an admin the staff's tools.
 */
const GROUPS: readonly Group[] = [
  {
    key: 'account',
    entries: [
      { href: '/notifications', key: 'notifications' },
      { href: '/favorites', key: 'favorites' },
      { href: '/reviews', key: 'my-reviews' },
      { href: '/tickets', key: 'tickets' },
      { href: '/two-factor-authentication', key: 'security' },
      { href: '/my-settings', key: 'settings' },
      { href: '/profile/privacy', key: 'privacy' },
    ],
  },
  {
    key: 'resources',
    entries: [
      { href: '/add-resource', key: 'add-resource', shownTo: canAddResources },
      { href: '/account', key: 'my-resources', shownTo: canManageResources },
      { href: '/account/reviews', key: 'owner-reviews', shownTo: canManageResources },
      { href: '/account/users', key: 'employees', shownTo: canManageEmployees },
      { href: '/analitycs', key: 'analytics', shownTo: canSeeAnalytics },
      {
        href: '/resource-check',
        key: 'resource-checks',
        shownTo: (user) => canManageResources(user) && !canDecideVerification(user),
      },
    ],
  },
  {
    key: 'moderation',
    entries: [
      { href: '/moderation', key: 'moderation', shownTo: canModerate },
      {
        href: '/resource-check',
        key: 'verification-queue',
        shownTo: canDecideVerification,
      },
    ],
  },
  {
    key: 'administration',
    entries: [
      { href: '/users', key: 'users', shownTo: canAdministerUsers },
      { href: '/admin', key: 'admin-panel', isAdminPanel: true, shownTo: canUseAdminPanel },
    ],
  },
]

/** Small headings only where the menu is long enough to need them (staff with three groups). */
const HEADINGS_FROM_GROUPS = 3

/** The groups `user` has, each with only the entries they may use. */
export const menuGroupsFor = (user: User) =>
  GROUPS.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => !entry.shownTo || entry.shownTo(user)),
  })).filter((group) => group.entries.length > 0)

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
      <summary title={user.displayName}>
        <span className="avatar" aria-hidden="true">
          {user.displayName.slice(0, 1).toUpperCase()}
        </span>
        <span className="account-name">{user.displayName}</span>
        {/* Not an aria-label: the name must hold the visible text, which voice users say. */}
        <span className="visually-hidden"> {t('account-menu')}</span>
      </summary>
      <ul className="account-menu-list">
        <li className="account-menu-who" aria-hidden="true">
          <strong>{user.displayName}</strong>
        </li>
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
  const headingId = useId()
  const [isLeaving, setIsLeaving] = useState(false)
  const groups = menuGroupsFor(user)
  const hasHeadings = groups.length >= HEADINGS_FROM_GROUPS

  const logOut = async () => {
    setIsLeaving(true)
    await apiPost('/users/logout', {})
    setAuthToken(null)
    // A full load drops every client cache (SWR, router) that held the signed-in user's data.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/')
  }

  const label = (entry: Entry) => (entry.isAdminPanel ? t('admin-panel') : menu(entry.key))

  const items = (entries: Entry[]) =>
    entries.map((entry) => (
      <li key={entry.key}>
        {entry.isAdminPanel ? (
          <NextLink href={entry.href} prefetch={false}>
            {label(entry)}
          </NextLink>
        ) : (
          <Link href={entry.href} onClick={onNavigate}>
            {label(entry)}
          </Link>
        )}
      </li>
    ))

  const profile = (
    <li key="profile">
      <Link href="/profile" onClick={onNavigate}>
        {t('profile')}
      </Link>
    </li>
  )

  return (
    <>
      {hasHeadings ? (
        groups.map((group, index) => {
          const id = `${headingId}-${group.key}`
          return (
            <li key={group.key} className="account-menu-group">
              <span className="account-menu-heading" id={id}>
                {menu(`group-${group.key}`)}
              </span>
              <ul aria-labelledby={id}>
                {index === 0 && profile}
                {items(group.entries)}
              </ul>
            </li>
          )
        })
      ) : (
        <>
          {profile}
          {groups.map((group) => items(group.entries))}
        </>
      )}
      <li className={hasHeadings ? 'account-menu-leave' : undefined}>
        <button type="button" onClick={logOut} disabled={isLeaving}>
          {t('log-out')}
        </button>
      </li>
    </>
  )
}
