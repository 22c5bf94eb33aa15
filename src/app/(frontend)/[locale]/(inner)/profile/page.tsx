import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { requireAccount } from '@/data/account'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'

import { AvatarForm } from './AvatarForm.client'
import { EmailForm } from './EmailForm.client'
import { PersonalDataForm } from './PersonalDataForm.client'

import '@/components/account/account-screens.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('profile')
  return { title: t('title') }
}

const LINKS = [
  { href: '/change-password', key: 'change-password' },
  { href: '/two-factor-authentication', key: 'security' },
  { href: '/my-settings', key: 'settings' },
  { href: '/notifications', key: 'notifications' },
  { href: '/profile/privacy', key: 'privacy' },
] as const

/** The profile: personal data, avatar, email, links to the other account screens. */
export default async function ProfilePage() {
  const user = await requireAccount()
  const t = await getTranslations('profile')
  const security = await getTranslations('account-security')
  return (
    <ClientMessages group="profile">
      <section className="account-page" aria-labelledby="profile-title">
        <h1 id="profile-title">{t('title')}</h1>
        <div className="form">
          <h2>{t('account-heading')}</h2>
          <dl className="details-list">
            <dt>{t('login')}</dt>
            <dd>{user.login}</dd>
            <dt>{t('email')}</dt>
            <dd>{user.email}</dd>
          </dl>
        </div>
        <PersonalDataForm fallback={user} />
        <AvatarForm fallback={user} />
        {user.auth_provider === 'email' && <EmailForm fallback={user} />}
        <nav aria-labelledby="profile-links" className="form">
          <h2 id="profile-links">{t('links-heading')}</h2>
          <ul className="link-list">
            {LINKS.map((link) => (
              <li key={link.key}>
                <Link href={link.href}>{t(link.key)}</Link>
              </li>
            ))}
            <li>
              <Link href="/profile/security">{security('nav')}</Link>
            </li>
          </ul>
        </nav>
      </section>
    </ClientMessages>
  )
}
