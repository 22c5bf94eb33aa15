import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ContactsQueue } from '@/components/moderation/ContactsQueue.client'
import { ModerationArea } from '@/components/moderation/ModerationArea'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'

import '@/components/tickets/support.css'
import '@/components/moderation/contacts-queue.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('contacts-queue')
  return { title: t('title') }
}

/** /moderation/contacts (admins): the contact form's messages, to mark processed or answer by email. */
export default async function ContactsQueuePage() {
  const user = await requireUser()
  const t = await getTranslations('contacts-queue')
  return (
    <ModerationArea user={user} current="contacts" title={t('title')}>
      <ClientMessages group="moderation-contacts">
        <p className="page-lead">{t('lead')}</p>
        <ContactsQueue />
      </ClientMessages>
    </ModerationArea>
  )
}
