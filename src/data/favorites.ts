import 'server-only'

import { getPayload } from './payload'

/** Which of `resourceIds` the user keeps among their favorites. */
export const favoriteIdsAmong = async ({
  userId,
  resourceIds,
}: {
  userId: number
  resourceIds: number[]
}) => {
  if (!resourceIds.length) return new Set<number>()
  const payload = await getPayload()
  const { docs } = await payload.find({
    collection: 'favorites',
    where: { user: { equals: userId }, resource: { in: resourceIds } },
    depth: 0,
    pagination: false,
    select: { resource: true },
    overrideAccess: true,
  })
  return new Set(
    docs.map((doc) => (typeof doc.resource === 'object' ? doc.resource.id : doc.resource)),
  )
}
