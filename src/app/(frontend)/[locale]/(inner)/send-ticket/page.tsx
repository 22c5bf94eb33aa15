import type { Metadata } from 'next'
import { getLocale, getTranslations } from 'next-intl/server'

import { SignInPrompt } from '@/components/SignInPrompt'
import { SendTicketForm } from '@/components/tickets/SendTicketForm.client'
import { getCurrentUser } from '@/data/users'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'

import '@/components/tickets/support.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('tickets')
  return { title: t('send-title') }
}

/** /send-ticket: a new support ticket; guests are asked to sign in. */
export default async function SendTicketPage() {
  const t = await getTranslations('tickets')
  const requested = await getLocale()
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const user = await getCurrentUser()
  return (
    <ClientMessages group="tickets">
      <section className="page support-page" aria-labelledby="send-ticket-title">
        <header className="page-header">
          <h1 id="send-ticket-title">{t('send-title')}</h1>
          <p className="lead">
            {t.rich('send-lead', { link: (chunks) => <Link href="/tickets">{chunks}</Link> })}
          </p>
        </header>
        {user ? (
          <SendTicketForm />
        ) : (
          <SignInPrompt
            title={t('guest-title')}
            text={t('guest-text')}
            next={localizedPath(locale, '/send-ticket')}
          />
        )}
      </section>
    </ClientMessages>
  )
}
