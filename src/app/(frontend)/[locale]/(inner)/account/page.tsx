import type { Metadata } from 'next'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { AccountNav } from '@/components/account/AccountNav'
import { DownLinks } from '@/components/directory/DownLinks'
import { Pagination } from '@/components/directory/Pagination'
import { ResourceLogo } from '@/components/directory/ResourceLogo'
import { EmbedPanel } from '@/components/embeds/EmbedPanel'
import { RateFeedPanel } from '@/components/ratesFeed/RateFeedPanel'
import { Badge, type BadgeTone } from '@/components/ui/Badge'
import { buttonClass } from '@/components/ui/Button'
import { EmptyState } from '@/components/ui/States'
import { listDownLinks } from '@/data/linkHealth'
import { listMyResources } from '@/data/myResources'
import { listRateFeedHealth } from '@/data/rateFeedHealth'
import { requireUser } from '@/data/requireUser'
import { Link } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale } from '@/i18n/routing'
import { canAddResources } from '@/lib/roles'
import { pageParam } from '@/lib/searchParams'

import '@/components/account/account.css'

type Props = { searchParams: Promise<{ page?: string }> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('my-resources')
  return { title: t('title') }
}

const STATUS_TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  published: 'success',
  rejected: 'danger',
}

/**
 * /account, the owner's area: every resource the visitor looks after (an owner's own, pending
 * and rejected ones included; an operator's employer's of their type) with its status, rating,
 * reviews, verification and an edit link.
 */
export default async function MyResourcesPage({ searchParams }: Props) {
  const user = await requireUser()
  const requested = await getLocale()
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const t = await getTranslations('my-resources')
  const verification = await getTranslations('verification')
  const moderation = await getTranslations('moderation')
  const resourceTerms = await getTranslations('resource')
  const invitations = await getTranslations('invitations')
  const format = await getFormatter()
  const page = pageParam((await searchParams).page)
  const result = await listMyResources({ user, locale, page })
  const ids = result?.resources.map((resource) => resource.id) ?? []
  const [downLinks, feeds] = await Promise.all([
    listDownLinks(ids),
    listRateFeedHealth({ user, resourceIds: ids }),
  ])
  const mayAdd = canAddResources(user)
  const employer = result?.employer ?? null

  return (
    <section className="account-area" aria-labelledby="my-resources-title">
      <header className="account-header">
        <h1 id="my-resources-title">{t('title')}</h1>
        {mayAdd && (
          <Link href="/add-resource" className={buttonClass({ size: 's' })}>
            {t('add-resource')}
          </Link>
        )}
      </header>
      <AccountNav user={user} current="resources" />
      {employer && <p className="account-intro">{t('operator-intro', { employer })}</p>}
      {!result?.resources.length ? (
        <EmptyState
          title={employer ? t('operator-empty') : t('empty')}
          action={
            mayAdd && (
              <Link href="/add-resource" className={buttonClass({ size: 's' })}>
                {t('add-resource')}
              </Link>
            )
          }
        >
          {mayAdd && <p>{t('empty-text')}</p>}
        </EmptyState>
      ) : (
        <>
          <ul className="my-resources">
            {result.resources.map((resource) => (
              <li key={resource.id} className="card my-resource">
                <div className="my-resource-head">
                  <h2 className="my-resource-title">
                    <ResourceLogo title={resource.title} image={resource.image} size="s" />
                    {resource.status === 'published' ? (
                      <Link href={resource.path}>{resource.title}</Link>
                    ) : (
                      <span>{resource.title}</span>
                    )}
                  </h2>
                  <Badge tone={STATUS_TONES[resource.status] ?? 'neutral'}>
                    {t(`status-${resource.status}`)}
                  </Badge>
                </div>
                <p className="my-resource-facts">
                  <span>{verification(`type-${resource.type}`)}</span>
                  <span>
                    {resource.review_count > 0
                      ? t('rating', {
                          rating: format.number(resource.rating_average, {
                            minimumFractionDigits: 1,
                            maximumFractionDigits: 1,
                          }),
                        })
                      : resourceTerms('no-rating')}
                  </span>
                  <span>{t('reviews', { count: resource.review_count })}</span>
                  {resource.verified ? (
                    <Badge tone="verified">{t('verified')}</Badge>
                  ) : resource.open_request ? (
                    <Badge tone="info">{t('verification-waiting')}</Badge>
                  ) : null}
                </p>
                <DownLinks links={downLinks[resource.id]} locale={locale} />
                {resource.status === 'rejected' && (
                  <p className="account-row-note" role="note">
                    <strong>{moderation('rejected-note-title')}</strong>{' '}
                    {resource.rejection_reason &&
                      moderation('rejected-note-reason', { reason: resource.rejection_reason })}
                    <br />
                    {moderation('rejected-note-next')}
                  </p>
                )}
                {resource.status === 'pending' && (
                  <p className="my-resource-facts">{moderation('pending-note')}</p>
                )}
                <p className="my-resource-actions">
                  <Link
                    href={`/add-resource?id=${resource.id}`}
                    className={buttonClass({ variant: 'secondary', size: 's' })}
                    aria-label={t('edit-named', { title: resource.title })}
                  >
                    {t('edit')}
                  </Link>
                  {resource.status === 'published' && (
                    <Link
                      href={`/account/invitations/${resource.id}`}
                      aria-label={invitations('manage-link-named', { title: resource.title })}
                    >
                      {invitations('manage-link')}
                    </Link>
                  )}
                  {!resource.verified && !resource.open_request && (
                    <Link href="/application-for-verification">{t('request-verification')}</Link>
                  )}
                </p>
                {feeds[resource.id] && (
                  <RateFeedPanel
                    health={feeds[resource.id]}
                    path={resource.path}
                    title={resource.title}
                  />
                )}
                {resource.status === 'published' && <EmbedPanel resource={resource} />}
              </li>
            ))}
          </ul>
          <Pagination path="/account" query={{}} page={page} pages={result.totalPages} />
        </>
      )}
    </section>
  )
}
