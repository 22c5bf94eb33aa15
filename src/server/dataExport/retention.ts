import 'server-only'

import type { Payload } from 'payload'

/**
 * Removes the data archives that are done with, and their files on the disk or in the bucket
 * (through Payload, which deletes an upload's file with it): those downloaded (the link works
 * once), those past their day, and those never built within a day. The hourly clean-up runs it.
 */
export const deleteSpentDataExports = async (payload: Payload) => {
  const now = Date.now()
  const { docs } = await payload.delete({
    collection: 'data-exports',
    where: {
      or: [
        { downloadedAt: { exists: true } },
        { expiresAt: { less_than: new Date(now).toISOString() } },
        {
          and: [
            { status: { equals: 'pending' } },
            { createdAt: { less_than: new Date(now - 86_400_000).toISOString() } },
          ],
        },
      ],
    },
    depth: 0,
    overrideAccess: true,
  })
  return docs.length
}
