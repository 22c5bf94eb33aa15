import type { PayloadRequest } from 'payload'
import { ValidationError } from 'payload'

import * as calls from '@/api/reviewFeedback'
import { relationId } from '@access/resources'
import { publicReview, publicReviews } from '@access/reviews'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { fail, validationFailure } from '../../lib/http'

const FIELD_NAMES = { review: 'review_id', reason: 'reason', comment: 'comment' }

/**
 * GET /review-relations?ids=1,2 → {relations: [{review_id, helpful, reported, helpful_count}]}:
 * which of a page's reviews the caller marked helpful or reported, and their counts now. The
 * resource pages are the same for every visitor and a vote refreshes them in the background, so
 * the browser asks this to show its own votes and the counts they made.
 */
export const reviewRelations = defineEndpoint(calls.reviewRelations, {
  handler: async ({ req, user, query, reply }) => {
    const mine = (collection: 'review-votes' | 'review-reports') =>
      req.payload.find({
        collection,
        where: { review: { in: query.ids } },
        select: { review: true },
        depth: 0,
        pagination: false,
        user,
        overrideAccess: false,
        req,
      })
    const [votes, reports, counts] = await Promise.all([
      mine('review-votes'),
      mine('review-reports'),
      req.payload.find({
        collection: 'reviews',
        where: publicReviews(query.ids),
        select: { helpfulCount: true },
        depth: 0,
        pagination: false,
        overrideAccess: true,
        req,
      }),
    ])
    const helpful = new Set(votes.docs.map((doc) => relationId(doc.review)))
    const reported = new Set(reports.docs.map((doc) => relationId(doc.review)))
    const countOf = new Map(counts.docs.map((doc) => [doc.id, doc.helpfulCount ?? 0]))
    return reply({
      relations: query.ids.map((id) => ({
        review_id: id,
        helpful: helpful.has(id),
        reported: reported.has(id),
        helpful_count: countOf.get(id) ?? null,
      })),
    })
  },
})

/**
 * POST /review-helpful {review_id, helpful} → {review_id, helpful, helpful_count}: marks a
 * published review of someone else as helpful (once per user), or takes the mark back. Sending
 * the same state twice changes nothing.
 */
export const reviewHelpful = defineEndpoint(calls.reviewHelpful, {
  handler: async ({ req, user, body, reply }) => {
    const reviewId = body.review_id
    const answerVote = async (helpful: boolean) => {
      const count = await publicHelpfulCount({ req, reviewId })
      if (count === null) return reviewNotFound(req)
      return reply({ review_id: reviewId, helpful, helpful_count: count })
    }
    const findVote = () =>
      req.payload.find({
        collection: 'review-votes',
        where: { review: { equals: reviewId }, user: { equals: user.id } },
        depth: 0,
        limit: 1,
        pagination: false,
        user,
        overrideAccess: false,
        req,
      })
    const vote = (await findVote()).docs[0]
    if (body.helpful && !vote) {
      try {
        await req.payload.create({
          collection: 'review-votes',
          data: { review: reviewId, user: user.id },
          user,
          overrideAccess: false,
          req,
        })
      } catch (error) {
        // A double click: the unique index let the other request's vote through.
        if ((await findVote()).docs.length) return answerVote(true)
        if (error instanceof ValidationError) return validationFailure(error, FIELD_NAMES)
        throw error
      }
    } else if (!body.helpful && vote) {
      await req.payload.delete({
        collection: 'review-votes',
        id: vote.id,
        user,
        overrideAccess: false,
        req,
      })
    }
    return answerVote(body.helpful)
  },
})

const reviewNotFound = (req: PayloadRequest) =>
  fail({ req, status: 404, code: 'review-not-found', field: 'review_id' })

/** A review's count of helpful marks; null when the public sees no review of that id. */
const publicHelpfulCount = async ({ req, reviewId }: { req: PayloadRequest; reviewId: number }) => {
  const { docs } = await req.payload.find({
    collection: 'reviews',
    where: publicReview(reviewId),
    select: { helpfulCount: true },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return docs[0] ? (docs[0].helpfulCount ?? 0) : null
}

/**
 * POST /report-review {review_id, reason, comment?} → {reported: true}: sends a published review
 * of someone else to the admins' moderation queue (once per user and review; reporting again
 * changes nothing).
 */
export const reportReview = defineEndpoint(calls.reportReview, {
  handler: async ({ req, user, body, reply }) => {
    const hasReported = async () =>
      (
        await req.payload.count({
          collection: 'review-reports',
          where: { review: { equals: body.review_id }, reporter: { equals: user.id } },
          user,
          overrideAccess: false,
          req,
        })
      ).totalDocs > 0
    // Reporting again changes nothing, and says so only of a review the public still sees.
    const answerReported = async () =>
      (await publicHelpfulCount({ req, reviewId: body.review_id })) === null
        ? reviewNotFound(req)
        : reply({ reported: true })
    if (await hasReported()) return answerReported()
    try {
      await req.payload.create({
        collection: 'review-reports',
        data: {
          review: body.review_id,
          reporter: user.id,
          reason: body.reason,
          status: 'open',
          ...(body.comment ? { comment: body.comment } : {}),
        },
        user,
        overrideAccess: false,
        req,
      })
    } catch (error) {
      if (await hasReported()) return answerReported()
      if (error instanceof ValidationError) return validationFailure(error, FIELD_NAMES)
      throw error
    }
    return reply({ reported: true })
  },
})

export const reviewFeedbackEndpoints = [reviewRelations, reviewHelpful, reportReview]
