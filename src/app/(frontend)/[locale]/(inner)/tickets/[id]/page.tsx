import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getLocale, getTranslations } from 'next-intl/server'

import { SignInPrompt } from '@/components/SignInPrompt'
import { TicketThread } from '@/components/tickets/TicketThread.client'
import { getCurrentUser } from '@/data/users'
import { ClientMessages } from '@/i18n/ClientMessages'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { isRecordId } from '@/lib/limits'
import { canKeepSavedReplies } from '@/lib/roles'
import { ticketPath } from '@/lib/support'

import '@/components/tickets/support.css'

type Props = { params: Promise<{ id: string }> }

const ticketId = async (params: Props['params']) => {
  const { id } = await params
  const number = /^\d{1,10}$/.test(id) ? Number(id) : NaN
  if (!isRecordId(number)) notFound()
  return number
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations('tickets')
  return { title: t('ticket-title', { id: await ticketId(params) }), robots: { index: false } }
}

/**
 * /tickets/{id}: one ticket's thread. It loads in the browser, through the same call as the API
 * (which marks support's answer read), so the page holds nothing of the ticket itself.
 */
export default async function TicketPage({ params }: Props) {
  const id = await ticketId(params)
  const user = await getCurrentUser()
  if (user) {
    return (
      <ClientMessages group="tickets">
        <section className="page support-page">
          <TicketThread id={id} hasSavedReplies={canKeepSavedReplies(user)} />
        </section>
      </ClientMessages>
    )
  }
  const t = await getTranslations('tickets')
  const requested = await getLocale()
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  return (
    <section className="page support-page" aria-labelledby="ticket-guest-title">
      <h1 id="ticket-guest-title">{t('ticket-title', { id })}</h1>
      <SignInPrompt
        title={t('guest-title')}
        text={t('guest-text')}
        next={localizedPath(locale, ticketPath(id))}
      />
    </section>
  )
}
