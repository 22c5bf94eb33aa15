import type { Metadata } from 'next'
import { getLocale, getTranslations } from 'next-intl/server'

import { SignInPrompt } from '@/components/SignInPrompt'
import { TicketList } from '@/components/tickets/TicketList.client'
import { buttonClass } from '@/components/ui/Button'
import { getCurrentUser } from '@/data/users'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { canAnswerTickets } from '@/lib/roles'

import '@/components/tickets/support.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('tickets')
  return { title: t('title') }
}

/** /tickets: the viewer's support tickets (and, for admins, the support queue). */
export default async function TicketsPage() {
  const t = await getTranslations('tickets')
  const requested = await getLocale()
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const user = await getCurrentUser()
  return (
    <ClientMessages group="tickets">
      <section className="page support-page" aria-labelledby="tickets-title">
        <header className="page-header support-header">
          <h1 id="tickets-title">{t('title')}</h1>
          {user && (
            <Link href="/send-ticket" className={buttonClass({ size: 's' })}>
              {t('new')}
            </Link>
          )}
        </header>
        {user ? (
          <TicketList isStaff={canAnswerTickets(user)} />
        ) : (
          <SignInPrompt
            title={t('guest-title')}
            text={t('guest-text')}
            next={localizedPath(locale, '/tickets')}
          />
        )}
      </section>
    </ClientMessages>
  )
}
