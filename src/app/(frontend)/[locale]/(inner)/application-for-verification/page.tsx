import type { Metadata } from 'next'
import { getLocale, getTranslations } from 'next-intl/server'

import { SignInPrompt } from '@/components/SignInPrompt'
import { buttonClass } from '@/components/ui/Button'
import { EmptyState } from '@/components/ui/States'
import { VerificationForm } from '@/components/verification/VerificationForm.client'
import { listVerifiableResources } from '@/data/support'
import { getCurrentUser } from '@/data/users'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { isRecordId } from '@/lib/limits'

import '@/components/tickets/support.css'

type Props = { searchParams: Promise<{ resource?: string | string[] }> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('verification')
  return { title: t('apply-title') }
}

/**
 * /application-for-verification: an owner (or an operator of the owner's resources of their type)
 * asks for a resource to be verified; `?resource=<id>` chooses it in advance.
 */
export default async function ApplicationPage({ searchParams }: Props) {
  const t = await getTranslations('verification')
  const requested = await getLocale()
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const user = await getCurrentUser()
  const { resource } = await searchParams
  const wanted =
    typeof resource === 'string' && /^\d{1,10}$/.test(resource) ? Number(resource) : null
  const resources = user ? await listVerifiableResources({ user, locale }) : []
  return (
    <ClientMessages group="verification">
      <section className="page support-page" aria-labelledby="apply-title">
        <header className="page-header">
          <h1 id="apply-title">{t('apply-title')}</h1>
          <p className="lead">{t('apply-lead')}</p>
          <ol className="verification-steps">
            <li>{t('step-sent')}</li>
            <li>{t('step-review')}</li>
            <li>{t('step-decision')}</li>
          </ol>
        </header>
        {!user ? (
          <SignInPrompt
            title={t('guest-title')}
            text={t('guest-text')}
            next={localizedPath(locale, '/application-for-verification')}
          />
        ) : resources.length ? (
          <VerificationForm
            resources={resources}
            preselected={isRecordId(wanted) ? wanted : null}
          />
        ) : (
          <EmptyState
            title={t('no-resources')}
            action={
              <Link href="/add-resource" className={buttonClass({ size: 's' })}>
                {t('add-resource')}
              </Link>
            }
          >
            <p>{t('no-resources-text')}</p>
          </EmptyState>
        )}
      </section>
    </ClientMessages>
  )
}
