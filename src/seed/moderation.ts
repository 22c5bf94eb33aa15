import type { Payload } from 'payload'

import type { ReportReason } from '@/lib/reviewReports'

/**
 * Readers' reports waiting in the moderators' queue (/moderation/reports), so a newcomer's
 * dashboard shows real work: two readers report one review, a third another. A resource waiting
 * for approval comes with the demo resources (book-nook).
 */
const DEMO_REPORTS: {
  resource: string
  author: string
  reporter: string
  reason: ReportReason
  comment?: string
}[] = [
  {
    resource: 'swift-exchange',
    author: 'user',
    reporter: 'totp-user',
    reason: 'fake',
    comment: 'This account praises and blames exchangers in turn, it looks paid for.',
  },
  {
    resource: 'swift-exchange',
    author: 'user',
    reporter: 'owner',
    reason: 'other',
    comment: 'Обмен занял не час: в отзыве неверные сроки.',
  },
  {
    resource: 'gadget-corner',
    author: 'totp-user',
    reporter: 'user',
    reason: 'spam',
  },
]

const userId = async (payload: Payload, username: string) =>
  (
    await payload.find({
      collection: 'users',
      where: { username: { equals: username } },
      limit: 1,
      depth: 0,
    })
  ).docs[0]?.id

/** Creates the demo reports that do not exist yet; the number created. */
export const seedModeration = async ({ payload }: { payload: Payload }) => {
  let created = 0
  for (const demo of DEMO_REPORTS) {
    const [author, reporter] = await Promise.all([
      userId(payload, demo.author),
      userId(payload, demo.reporter),
    ])
    const { docs } = await payload.find({
      collection: 'reviews',
      where: { author: { equals: author ?? 0 }, 'resource.slug': { equals: demo.resource } },
      limit: 1,
      depth: 0,
    })
    const review = docs[0]
    if (!review || !reporter || review.status !== 'published') continue
    const { totalDocs } = await payload.count({
      collection: 'review-reports',
      where: { review: { equals: review.id }, reporter: { equals: reporter } },
    })
    if (totalDocs) continue
    await payload.create({
      collection: 'review-reports',
      data: {
        review: review.id,
        reporter,
        reason: demo.reason,
        comment: demo.comment,
        status: 'open',
      },
    })
    created += 1
  }
  return created
}
