import type { PayloadRequest } from 'payload'

import { relationId } from '@access/resources'

/**
 * Lets `readers` fetch the given private files besides their uploader and admins (the
 * attachments' `read` access), in the request's transaction.
 */
export const shareAttachments = async ({
  req,
  attachments,
  readers,
}: {
  req: PayloadRequest
  attachments: unknown
  readers: (number | null)[]
}) => {
  const ids = (Array.isArray(attachments) ? attachments : []).map(relationId)
  const people = readers.filter((id): id is number => id !== null)
  for (const id of ids) {
    if (id === null) continue
    const file = await req.payload.findByID({
      collection: 'attachments',
      id,
      select: { readers: true },
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    if (!file) continue
    const current = (file.readers ?? []).map(relationId).filter((r): r is number => r !== null)
    const next = [...new Set([...current, ...people])]
    if (next.length === current.length) continue
    await req.payload.update({
      collection: 'attachments',
      id,
      data: { readers: next },
      depth: 0,
      overrideAccess: true,
      req,
    })
  }
}
