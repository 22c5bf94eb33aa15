import 'server-only'

import { resourcePath } from '@/lib/resourceTypes'
import type { Resource } from '@payload-types'

import { imageUrl } from './media'

export { resourcePath }

/** What a summary is made of (the fields cards read, `CARD_FIELDS`). */
type SummarySource = Pick<
  Resource,
  | 'id'
  | 'type'
  | 'title'
  | 'anons'
  | 'slug'
  | 'image'
  | 'country'
  | 'verified'
  | 'status'
  | 'publicStatus'
  | 'publicStatusAt'
  | 'ratingAverage'
  | 'reviewCount'
>

/** A resource as the API shows it in lists (snake_case, like the spec's own fields). */
export const resourceSummary = (resource: SummarySource) => ({
  id: resource.id,
  type: resource.type,
  title: resource.title,
  anons: resource.anons ?? null,
  slug: resource.slug,
  path: resourcePath(resource),
  image: imageUrl(resource.image),
  country: resource.country ?? null,
  verified: Boolean(resource.verified),
  status: resource.status,
  public_status: resource.publicStatus ?? 'none',
  public_status_at: resource.publicStatusAt ?? null,
  rating_average: Number(resource.ratingAverage ?? 0),
  review_count: Number(resource.reviewCount ?? 0),
})

export type ResourceSummary = ReturnType<typeof resourceSummary>
