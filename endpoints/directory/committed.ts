import type { PayloadRequest } from 'payload'

import { expireAgainAfterCommit } from '@/server/publicCache'

import { ok } from '../lib/http'

/**
 * The answer to a directory write that has committed. The collection hooks expired the cached
 * reads the write touched (noted on `req`), but inside the transaction: a page read in between
 * could cache the old state again, so the same tags are expired once more now that the change is
 * visible.
 */
export const committed = ({
  req,
  body,
}: {
  req: PayloadRequest
  body?: Record<string, unknown>
}) => {
  expireAgainAfterCommit(req)
  return ok(body)
}
