import { getTranslations } from 'next-intl/server'

import { LinkHealth } from '@/components/directory/LinkHealth'
import { RatingSummary } from '@/components/directory/RatingSummary'
import { SignedMirrorsSection, SigningMark } from '@/components/directory/SignedMirrors'
import { ExternalLink } from '@/components/ExternalLink.client'
import type { readResourcePageExtrasView } from '@/data/resourcePage'
import type { ResourcePageDoc } from '@/data/resources'
import { signingMark } from '@/data/views/signedMirrors'
import { Link } from '@/i18n/navigation'
import type { Locale } from '@/i18n/routing'
import type { ReviewQuery } from '@/lib/directoryViews'

/** The page's side: the rating's summary, the addresses with their signing and health, the key. */
export async function ResourceAside({
  resource,
  path,
  query,
  locale,
  extras: { signing, linkHealth },
  website,
  warned,
  closed,
}: {
  resource: ResourcePageDoc
  /** The resource's address. */
  path: string
  query: ReviewQuery
  locale: Locale
  extras: Awaited<ReturnType<typeof readResourcePageExtrasView>>
  /** The resource's first address. */
  website: string | undefined
  /** Its addresses wait behind the warning page (a scam). */
  warned: boolean
  /** It is closed: its links' health is not checked. */
  closed: boolean
}) {
  const t = await getTranslations('resource')
  return (
    <aside className="resource-aside" aria-label={t('details')}>
      <RatingSummary resource={resource} path={path} query={query} />
      <section aria-labelledby="links-heading" className="resource-links card">
        <h2 id="links-heading">{t('links')}</h2>
        <ul>
          {(resource.links ?? []).map((link, i) => (
            <li key={link.id ?? i}>
              {warned ? (
                <span className="resource-link-withheld">{link.url}</span>
              ) : (
                <ExternalLink
                  href={link.url}
                  track={{ resource: resource.id, link: i === 0 ? 'site' : 'mirror' }}
                >
                  {link.url}
                </ExternalLink>
              )}
              {i > 0 && <span className="field-hint"> {t('mirror')}</span>}
              <SigningMark
                mark={signingMark(link.url, signing.list)}
                signedAt={signing.list?.signed_at ?? null}
              />
              {!closed && <LinkHealth health={linkHealth} url={link.url} locale={locale} />}
            </li>
          ))}
        </ul>
        {warned && website && (
          <p className="field-hint resource-links-withheld">
            {t('links-withheld')} <Link href={`${path}/visit`}>{t('visit-anyway')}</Link>
          </p>
        )}
      </section>
      <SignedMirrorsSection resourceId={resource.id} signing={signing} />
    </aside>
  )
}
