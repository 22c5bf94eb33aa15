import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ContactsQueue } from '@/components/moderation/ContactsQueue.client'
import { EmptyState } from '@/components/ui/States'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { canModerate } from '@/lib/roles'

import '@/components/breadcrumbs.css'
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
  const allowed = canModerate(user)
  return (
    <ClientMessages group="moderation-contacts">
      <section className="page support-page" aria-labelledby="contacts-queue-title">
        <nav aria-label={t('breadcrumbs')} className="breadcrumbs">
          <ol>
            <li>
              <Link href="/moderation">{t('moderation')}</Link>
            </li>
            <li aria-current="page">{t('title')}</li>
          </ol>
        </nav>
        <header className="page-header">
          <h1 id="contacts-queue-title">{t('title')}</h1>
          {allowed && <p className="page-lead">{t('lead')}</p>}
        </header>
        {allowed ? <ContactsQueue /> : <EmptyState title={t('admins-only')} />}
      </section>
    </ClientMessages>
  )
}
