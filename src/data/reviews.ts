import 'server-only'

import { managesResource } from '../../endpoints/directory/reviews'
import type { User } from '../../payload-types'

import { getPayload } from './payload'

/** Where the visitor stands towards reviewing a resource: may review, has, or manages it. */
export const reviewStateOf = async ({ user, resourceId }: { user: User; resourceId: number }) => {
  const payload = await getPayload()
  const { totalDocs } = await payload.count({
    collection: 'reviews',
    where: { resource: { equals: resourceId }, author: { equals: user.id } },
    overrideAccess: true,
  })
  if (totalDocs) return 'reviewed' as const
  if (await managesResource({ payload, user, resourceId })) return 'manages' as const
  return 'may-review' as const
}
