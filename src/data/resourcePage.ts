import 'server-only'

import type { Locale } from '@/i18n/routing'
import { CACHE_TAGS } from '@/server/cacheTags'
import { cachedRead } from '@/server/publicCache'
import { type ResourcePageExtrasRow, readResourcePageExtras } from '@/server/sql/resourcePage'

import { linkHealthViews } from './linkHealth'
import { getPayload } from './payload'
import type { ResourcePageDoc } from './resources'
import { statusChangeWithReasons } from './statusChanges'
import { type PublicSigning, signedListView } from './views/signedMirrors'

/** The page's signed list, addresses' health and status history: one statement, cached with it. */
const getResourcePageExtras = cachedRead(
  'getResourcePageExtras',
  async (resourceId: number) => readResourcePageExtras({ payload: await getPayload(), resourceId }),
  (resourceId) => [CACHE_TAGS.resource(resourceId)],
)

/**
 * What a resource page shows beside the resource and its reviews, in `locale`: its key and latest
 * signed list (null without a key or list), each address's availability, and its status history.
 */
export const readResourcePageExtrasView = async ({
  resource,
  locale,
}: {
  resource: ExtrasResource
  locale: Locale
}) => resourcePageExtrasView({ resource, locale, extras: await getResourcePageExtras(resource.id) })

type ExtrasResource = Pick<ResourcePageDoc, 'id' | 'slug' | 'pgpKey' | 'pgpFingerprint'>

/** The extras as the page shows them, from the statement's row (`readResourcePageExtras`). */
export const resourcePageExtrasView = ({
  resource,
  locale,
  extras,
}: {
  resource: ExtrasResource
  locale: Locale
  extras: ResourcePageExtrasRow
}) => {
  const signing: PublicSigning = {
    slug: resource.slug ?? String(resource.id),
    pgp_key: resource.pgpKey ?? null,
    fingerprint: resource.pgpFingerprint ?? null,
    list:
      extras.signed_list &&
      signedListView({
        ...extras.signed_list,
        signedAt: extras.signed_list.signed_at,
      }),
  }
  return {
    signing,
    linkHealth: linkHealthViews(extras.link_health),
    statusHistory: extras.status_changes.map((change) =>
      statusChangeWithReasons({ ...change, resource: resource.id }, locale),
    ),
  }
}
