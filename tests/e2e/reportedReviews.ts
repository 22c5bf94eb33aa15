import type { APIRequestContext } from '@playwright/test'

import { createAccount, postAs, tokenOf, unique } from './support'

/** The reports queue's rows a journey or a screenshot makes for itself. */

/** Reviews by one new member, each on a shop of its own, each reported by the demo user. */
export const reportedReviews = async (request: APIRequestContext, count: number) => {
  const admin = await tokenOf(request, 'admin')
  const author = await createAccount(request)
  const authorToken = await tokenOf(request, author.login, author.password)
  const reporter = await tokenOf(request, 'user')
  const reviews: { id: number; shop: string }[] = []
  for (let index = 0; index < count; index += 1) {
    const shop = `Bulk shop ${unique()}`
    const created = await postAs(request, admin, '/resources?locale=en', {
      type: 'shop',
      title: shop,
      links: [{ url: 'https://example.com' }],
      status: 'published',
    })
    const { review } = await postAs(request, authorToken, '/add-reviews', {
      resource_id: created.doc.id,
      grade: 1,
      comment: `Copy-pasted advert ${unique()}`,
    })
    await postAs(request, reporter, '/report-review', { review_id: review.id, reason: 'spam' })
    reviews.push({ id: review.id, shop })
  }
  return { admin, reviews }
}

/**
 * Dismisses every other open report through the bulk call, so that this journey's reviews are
 * the queue's only page (a file's journeys run one after another on the worker's own app).
 */
export const clearOtherReports = async (
  request: APIRequestContext,
  admin: string,
  keep: number[],
) => {
  for (;;) {
    const { reviews } = await postAs(request, admin, '/get-review-reports', { tab: 'open' })
    const others = (reviews as { review: { id: number } }[])
      .map((item) => item.review.id)
      .filter((id) => !keep.includes(id))
    if (!others.length) return
    await postAs(request, admin, '/moderate-in-bulk', {
      queue: 'reports',
      ids: others,
      action: 'dismiss',
    })
  }
}
