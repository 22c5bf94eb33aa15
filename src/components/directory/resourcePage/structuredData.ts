import type { ResourcePageDoc, listResourceReviews } from '@/data/resources'

/** schema.org data for search engines: the resource with its rating and the reviews shown. */
export const structuredData = ({
  resource,
  reviews,
  url,
}: {
  resource: ResourcePageDoc
  reviews: Awaited<ReturnType<typeof listResourceReviews>>['reviews']
  url: string
}) => {
  const count = Number(resource.reviewCount ?? 0)
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: resource.title,
    url,
    ...(resource.anons ? { description: resource.anons } : {}),
    sameAs: (resource.links ?? []).map((link) => link.url),
    ...(count
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(resource.ratingAverage ?? 0),
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    review: reviews.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author?.display_name },
      datePublished: review.created_at.slice(0, 10),
      reviewBody: review.comment,
      reviewRating: { '@type': 'Rating', ratingValue: review.grade, bestRating: 5, worstRating: 1 },
    })),
  }
}
