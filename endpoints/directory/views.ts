import type { Media, Resource, Review, User } from '../../payload-types'
import { prefixOf } from '../../src/lib/resourceTypes'

const asObject = <T extends object>(value: unknown): T | null =>
  value && typeof value === 'object' ? (value as T) : null

export const imageUrl = (image: unknown, size: 'thumbnail' | 'card' = 'card') => {
  const media = asObject<Media>(image)
  return media?.sizes?.[size]?.url ?? media?.url ?? null
}

/** A resource as the API shows it in lists (snake_case, like the spec's own fields). */
export const resourceSummary = (resource: Resource) => ({
  id: resource.id,
  type: resource.type,
  title: resource.title,
  anons: resource.anons ?? null,
  slug: resource.slug,
  path: `/resources/${prefixOf(resource.type)}/${resource.slug}`,
  image: imageUrl(resource.image),
  country: resource.country ?? null,
  verified: Boolean(resource.verified),
  status: resource.status,
  rating_average: Number(resource.ratingAverage ?? 0),
  review_count: Number(resource.reviewCount ?? 0),
})

/** A review as the API shows it; comment and reply are plain text for the client to show as text. */
export const reviewView = (review: Review) => {
  const author = asObject<User>(review.author)
  const resource = asObject<Resource>(review.resource)
  const replier = asObject<User>(review.reply?.author)
  return {
    id: review.id,
    grade: review.grade,
    comment: review.comment,
    criteria: (review.criteria as Record<string, number> | null) ?? {},
    status: review.status,
    created_at: review.createdAt,
    updated_at: review.updatedAt,
    author: author
      ? {
          id: author.id,
          display_name: author.displayName,
          avatar: imageUrl(author.avatar, 'thumbnail'),
        }
      : null,
    resource: resource
      ? {
          id: resource.id,
          type: resource.type,
          title: resource.title,
          path: `/resources/${prefixOf(resource.type)}/${resource.slug}`,
        }
      : null,
    reply: review.reply?.text
      ? {
          text: review.reply.text,
          replied_at: review.reply.repliedAt ?? null,
          author: replier?.displayName ?? null,
        }
      : null,
  }
}

export type ReviewView = ReturnType<typeof reviewView>
export type ResourceSummary = ReturnType<typeof resourceSummary>
