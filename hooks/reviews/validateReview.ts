import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { isRecordId } from '@/lib/limits'
import { REVIEW_CRITERIA } from '@/lib/resourceTypes'
import { OwnResourceReviewError } from '@/server/hookContract'
import { requestLocale, serverMessage } from '@/server/serverMessages'
import { managesResource } from '@access/resources'
import { checkRole } from '@access/roles'
import type { Resource, Review } from '@payload-types'

/** True for a whole number from 1 to 5. */
export const isGrade = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5

/** The criteria a resource type rates, keeping only known keys; null when a value is no grade. */
export const cleanCriteria = ({
  criteria,
  type,
}: {
  criteria: unknown
  type: Resource['type']
}): Record<string, number> | null => {
  if (criteria == null) return {}
  if (typeof criteria !== 'object' || Array.isArray(criteria)) return null
  const clean: Record<string, number> = {}
  for (const [key, value] of Object.entries(criteria)) {
    if (!REVIEW_CRITERIA[type].includes(key)) continue
    if (!isGrade(value)) return null
    clean[key] = value
  }
  return clean
}

/**
 * Whatever way a review arrives (the site's calls, REST, GraphQL, the admin), it is its
 * author's, about a published resource they do not manage, without a reply, with grades from 1
 * to 5 for the criteria of that resource's type.
 */
export const validateReview: CollectionBeforeChangeHook<Review> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const isAdmin = checkRole(['admin'], req.user)
  if (operation === 'create' && req.user && !isAdmin) {
    data.author = req.user.id
    // Field access keeps a submitted reply out, but a duplicate would still copy the original's.
    data.reply = { text: null, author: null, repliedAt: null }
  }
  const locale = requestLocale(req.headers)
  const refuse = (path: string, key: string) => {
    throw new ValidationError({
      collection: 'reviews',
      errors: [{ path, message: serverMessage({ locale, key: `api.${key}` }) }],
    })
  }
  const resourceRef = data.resource ?? originalDoc?.resource
  const resourceId = Number(
    typeof resourceRef === 'object' && resourceRef ? resourceRef.id : resourceRef,
  )
  // Field validation runs after this hook: a value that is no id at all is refused here.
  const resource = isRecordId(resourceId)
    ? await req.payload.findByID({
        collection: 'resources',
        id: resourceId,
        depth: 0,
        req,
        overrideAccess: true,
        disableErrors: true,
      })
    : null
  if (!resource || (operation === 'create' && !isAdmin && resource.status !== 'published')) {
    return refuse('resource', 'resource-not-found')
  }
  if (
    operation === 'create' &&
    req.user &&
    !isAdmin &&
    (await managesResource({ payload: req.payload, req, user: req.user, resourceId: resource.id }))
  ) {
    throw new OwnResourceReviewError(serverMessage({ locale, key: 'api.own-resource' }))
  }
  if (data.grade !== undefined && !isGrade(data.grade)) return refuse('grade', 'grade-invalid')
  if (data.criteria !== undefined) {
    const criteria = cleanCriteria({ criteria: data.criteria, type: resource.type })
    if (!criteria) return refuse('criteria', 'grade-invalid')
    data.criteria = criteria
  }
  if (typeof data.comment === 'string') data.comment = data.comment.trim()
  return data
}
