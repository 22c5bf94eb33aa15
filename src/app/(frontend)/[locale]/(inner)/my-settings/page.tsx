import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { readEmailSettings } from '@/data/notificationSettings'
import { readProfilePrivate } from '@/data/reviewers'
import { getCurrentUser } from '@/data/users'
import { ClientMessages } from '@/i18n/ClientMessages'

import { NotificationSettingsForm } from './NotificationSettingsForm.client'
import { ProfileSettingsForm } from './ProfileSettingsForm.client'
import { SiteSettingsForm } from './SiteSettingsForm.client'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('settings')
  return { title: t('title') }
}

/**
 * Site settings: open to guests too, who keep them in this browser only. A signed-in visitor also
 * chooses which notification mails they get and whether their reviewer profile is public.
 */
export default async function MySettingsPage() {
  const user = await getCurrentUser()
  const t = await getTranslations('settings')
  const mails = await getTranslations('notification-settings')
  const reviewer = await getTranslations('reviewer')
  return (
    <ClientMessages group="settings">
      <section className="narrow" aria-labelledby="settings-title">
        <h1 id="settings-title">{t('title')}</h1>
        <SiteSettingsForm isSignedIn={Boolean(user)} />
      </section>
      {user && (
        <section
          className="narrow"
          id="email-notifications"
          aria-labelledby="email-notifications-title"
        >
          <h2 id="email-notifications-title">{mails('heading')}</h2>
          <NotificationSettingsForm initial={await readEmailSettings(user)} />
        </section>
      )}
      {user && (
        <section className="narrow" id="reviewer-profile" aria-labelledby="reviewer-profile-title">
          <h2 id="reviewer-profile-title">{reviewer('profile-heading')}</h2>
          <ProfileSettingsForm login={user.username} initial={await readProfilePrivate(user)} />
        </section>
      )}
    </ClientMessages>
  )
}
