import 'server-only'

import type { Locale } from '@/i18n/routing'
import { REVIEW_GRADES } from '@/lib/directoryViews'
import { isClosed } from '@/lib/publicStatus'
import { CACHE_TAGS } from '@/server/cacheTags'
import { cachedRead } from '@/server/publicCache'
import { readReviewFigures } from '@/server/sql/compare'
import type { ReviewFiguresRow } from '@/server/sql/compare'

import { getPayload } from './payload'
import { readResourcePageExtrasView } from './resourcePage'
import { type ResourcePageDoc, getResource } from './resources'
import { resourceSummary } from './views/resources'

/** Cached under the resource's tag: every change of its reviews expires it. */
const getReviewFigures = cachedRead(
  'getReviewFigures',
  async (resourceId: number) => readReviewFigures({ payload: await getPayload(), resourceId }),
  (resourceId) => [CACHE_TAGS.resource(resourceId)],
)

/** How many status changes a column lists, newest first (the resource page has them all). */
export const COMPARE_HISTORY_SHOWN = 3

/** Where a comparison reads its parts: the site's cached reads, or a test's direct ones. */
export type CompareReaders = {
  resource: (slug: string, locale: Locale) => Promise<ResourcePageDoc | null>
  figures: (resourceId: number) => Promise<ReviewFiguresRow>
  extras: (args: {
    resource: ResourcePageDoc
    locale: Locale
  }) => ReturnType<typeof readResourcePageExtrasView>
}

const columnOf = async (readers: CompareReaders, resource: ResourcePageDoc, locale: Locale) => {
  const [figures, extras] = await Promise.all([
    readers.figures(resource.id),
    readers.extras({ resource, locale }),
  ])
  const summary = resourceSummary(resource)
  const distribution = (resource.ratingDistribution ?? {}) as Record<string, number>
  const links = (resource.links ?? []).map((link) => link.url)
  const checked = links
    .map((url) => extras.linkHealth[url])
    .filter((health) => health?.availability !== null && health?.availability !== undefined)
  const list = extras.signing.list
  return {
    summary,
    /** The language of its title when it is not the reader's. */
    lang: resource.shown_in === locale ? undefined : resource.shown_in,
    rating: {
      average: summary.rating_average,
      count: summary.review_count,
      distribution: Object.fromEntries(
        REVIEW_GRADES.map((grade) => [grade, Number(distribution[grade] ?? 0)]),
      ) as Record<(typeof REVIEW_GRADES)[number], number>,
      criteria: (resource.criteriaAverages ?? {}) as Record<string, number>,
    },
    reviews: { newest: figures.newest, oldest: figures.oldest },
    replies: {
      rate: figures.reviews ? figures.replied / figures.reviews : null,
      replied: figures.replied,
      reviews: figures.reviews,
      medianSeconds: figures.median_reply_seconds,
    },
    status: {
      current: summary.public_status,
      since: summary.public_status_at,
      history: extras.statusHistory.slice(0, COMPARE_HISTORY_SHOWN),
      changes: extras.statusHistory.length,
    },
    mirrors: {
      addresses: links.length,
      hasKey: Boolean(resource.pgpFingerprint),
      signedAt: list?.signed_at ?? null,
      signed: list ? list.addresses.length : 0,
    },
    /** The 30 days' share of checks that found its addresses up; null when none was checked. */
    availability: isClosed(resource.publicStatus)
      ? null
      : {
          share: checked.length
            ? checked.reduce((sum, health) => sum + (health?.availability ?? 0), 0) / checked.length
            : null,
          up: links.filter((url) => extras.linkHealth[url]?.up === true).length,
          known: links.filter((url) => typeof extras.linkHealth[url]?.up === 'boolean').length,
          addresses: links.length,
        },
  }
}

export type CompareColumn = Awaited<ReturnType<typeof columnOf>>

/**
 * The comparison of the resources these slugs name, in their order: one column per published
 * resource, and the slugs that name none (the page redirects without them). Every part is a
 * cached read under the resource's or the address's tag, so a review, a status change, a signed
 * list or a link check that changes what a column shows expires the page.
 */
export const compareWith =
  (readers: CompareReaders) =>
  async ({ slugs, locale }: { slugs: readonly string[]; locale: Locale }) => {
    const resources = await Promise.all(slugs.map((slug) => readers.resource(slug, locale)))
    const missing = slugs.filter((_, i) => !resources[i])
    const columns = await Promise.all(
      resources
        .filter((resource): resource is ResourcePageDoc => Boolean(resource))
        .map((resource) => columnOf(readers, resource, locale)),
    )
    return { missing, columns }
  }

export const readComparison = compareWith({
  resource: getResource,
  figures: getReviewFigures,
  extras: readResourcePageExtrasView,
})
