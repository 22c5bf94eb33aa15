import type { Metadata } from 'next'
import { getLocale, getTranslations } from 'next-intl/server'

import { SignInPrompt } from '@/components/SignInPrompt'
import { buttonClass } from '@/components/ui/Button'
import { VerificationRequests } from '@/components/verification/VerificationRequests.client'
import { getCurrentUser } from '@/data/users'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { canDecideVerification } from '@/lib/roles'

import '@/components/tickets/support.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('verification')
  return { title: t('checks-title') }
}

/** /resource-check: the viewer's verification requests (and, for admins, the moderation queue). */
export default async function ResourceCheckPage() {
  const t = await getTranslations('verification')
  const requested = await getLocale()
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const user = await getCurrentUser()
  return (
    <ClientMessages group="resource-check">
      <section className="page support-page" aria-labelledby="checks-title">
        <header className="page-header support-header">
          <h1 id="checks-title">{t('checks-title')}</h1>
          {user && (
            <Link href="/application-for-verification" className={buttonClass({ size: 's' })}>
              {t('new')}
            </Link>
          )}
        </header>
        {user ? (
          <VerificationRequests isStaff={canDecideVerification(user)} />
        ) : (
          <SignInPrompt
            title={t('guest-title')}
            text={t('guest-text')}
            next={localizedPath(locale, '/resource-check')}
          />
        )}
      </section>
    </ClientMessages>
  )
}
