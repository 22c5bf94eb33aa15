import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { StatusBanner } from '@/components/directory/StatusBanner'
import { ExternalLink } from '@/components/ExternalLink.client'
import { buttonClass } from '@/components/ui/Button'
import { getResource } from '@/data/resources'
import { resourceSummary } from '@/data/views/resources'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'
import { leavesThroughWarning } from '@/lib/publicStatus'
import { prefixOf } from '@/lib/resourceTypes'

/**
 * /resources/{pagePrefix}/{url}/visit: the one deliberate step between a visitor and the website
 * of a resource admins marked a scam. It names the reason and the date, makes going back the
 * primary action, and only then lists the addresses. Other resources have no such page.
 */
type Props = { params: Promise<{ locale: string; pagePrefix: string; url: string }> }

const load = async (params: Props['params']) => {
  const { locale, pagePrefix, url } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const resource = await getResource(url, locale)
  if (
    !resource ||
    prefixOf(resource.type) !== pagePrefix ||
    !leavesThroughWarning(resource.publicStatus)
  ) {
    notFound()
  }
  return { locale, resource }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, resource } = await load(params)
  const t = await getTranslations({ locale, namespace: 'resource' })
  return {
    title: t('visit-warning-title', { title: resource.title }),
    robots: { index: false, follow: false },
  }
}

export default async function VisitWarningPage({ params }: Props) {
  const { resource } = await load(params)
  const t = await getTranslations('resource')
  const summary = resourceSummary(resource)
  return (
    <ClientMessages group="resource">
      <article className="visit-warning card" aria-labelledby="visit-warning-title">
        <h1 id="visit-warning-title">{t('visit-warning-heading', { title: resource.title })}</h1>
        <StatusBanner
          status={resource.publicStatus}
          reason={resource.publicStatusReason}
          lang={resource.reason_in}
          since={resource.publicStatusAt}
        />
        <p>{t('visit-warning-advice')}</p>
        <p className="visit-warning-actions">
          <Link href={summary.path} className={buttonClass({ size: 'l' })}>
            {t('visit-warning-back')}
          </Link>
        </p>
        <section aria-labelledby="visit-warning-links">
          <h2 id="visit-warning-links">{t('visit-warning-links')}</h2>
          <ul className="visit-warning-list">
            {(resource.links ?? []).map((link, i) => (
              <li key={link.id ?? i}>
                <ExternalLink
                  href={link.url}
                  track={{ resource: resource.id, link: i === 0 ? 'site' : 'mirror' }}
                >
                  {link.url}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </section>
      </article>
    </ClientMessages>
  )
}
