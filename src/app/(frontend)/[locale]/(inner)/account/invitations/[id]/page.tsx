import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { getInvitationScreen } from '@/data/invitations'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale } from '@/i18n/routing'
import { INVITATION_BATCH_MAX, INVITATION_TTL_DAYS } from '@/lib/invitations'
import { idParam } from '@/lib/searchParams'

import { EmailInviteForm, LinkBatchForm } from './InvitationForms.client'

import '@/components/account/account-screens.css'
import './invitations.css'

type Props = { params: Promise<{ id: string }> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('invitations')
  return { title: t('title'), robots: { index: false } }
}

/**
 * /account/invitations/{id}: who manages a resource invites its customers to review it, by mail
 * or with single-use links, and sees how many invitations were sent, opened and reviewed; never
 * which customer wrote which review. The rule of inviting every customer is said here and linked.
 */
export default async function InvitationsPage({ params }: Props) {
  const user = await requireUser()
  const requested = await getLocale()
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const id = idParam((await params).id) ?? notFound()
  const screen = await getInvitationScreen({ id, user, locale })
  if (!screen) notFound()
  const [t, format] = await Promise.all([getTranslations('invitations'), getFormatter()])
  const figures = [
    { key: 'sent', label: t('count-sent'), value: screen.counts.sent },
    { key: 'opened', label: t('count-opened'), value: screen.counts.opened },
    { key: 'reviewed', label: t('count-reviewed'), value: screen.counts.reviewed },
  ]
  return (
    <ClientMessages group="invitations">
      <section className="account-page invitations-page" aria-labelledby="invitations-title">
        <p>
          <Link href="/account">← {t('back')}</Link>
        </p>
        <h1 id="invitations-title">{t('screen-title', { title: screen.title })}</h1>
        <p>{t('intro', { title: screen.title })}</p>

        <aside className="invitations-fair" aria-labelledby="fair-heading">
          <h2 id="fair-heading">{t('fair-title')}</h2>
          <p>
            {t('fair-text')} <Link href="/informations/rules">{t('fair-link')}</Link>
          </p>
        </aside>

        <section className="card invitations-card" aria-labelledby="counts-heading">
          <h2 id="counts-heading">{t('counts-heading')}</h2>
          <dl className="invitations-counts" data-testid="invitation-counts">
            {figures.map((figure) => (
              <div key={figure.key} className="invitations-count" data-count={figure.key}>
                <dt>{figure.label}</dt>
                <dd>{format.number(figure.value)}</dd>
              </div>
            ))}
          </dl>
          <p className="field-hint">{t('counts-note')}</p>
        </section>

        {screen.published ? (
          <>
            <section className="card invitations-card" aria-labelledby="email-heading">
              <h2 id="email-heading">{t('email-heading')}</h2>
              <p>{t('email-intro')}</p>
              <EmailInviteForm resourceId={screen.id} locale={locale} />
            </section>
            <section className="card invitations-card" aria-labelledby="links-heading">
              <h2 id="links-heading">{t('links-heading')}</h2>
              <p>{t('links-intro', { days: INVITATION_TTL_DAYS })}</p>
              <LinkBatchForm resourceId={screen.id} locale={locale} max={INVITATION_BATCH_MAX} />
            </section>
          </>
        ) : (
          <p className="invitations-fair" role="note">
            {t('not-published')}
          </p>
        )}
      </section>
    </ClientMessages>
  )
}
