import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { getCurrentUser } from '@/data/users'
import { ClientMessages } from '@/i18n/ClientMessages'

import { SiteSettingsForm } from './SiteSettingsForm.client'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('settings')
  return { title: t('title') }
}

/** Site settings: open to guests too, who keep them in this browser only. */
export default async function MySettingsPage() {
  const user = await getCurrentUser()
  const t = await getTranslations('settings')
  return (
    <ClientMessages group="settings">
      <section className="narrow" aria-labelledby="settings-title">
        <h1 id="settings-title">{t('title')}</h1>
        <SiteSettingsForm isSignedIn={Boolean(user)} />
      </section>
    </ClientMessages>
  )
}
