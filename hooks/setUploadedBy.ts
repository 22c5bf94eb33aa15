import type { CollectionBeforeChangeHook } from 'payload'

import type { Media } from '@payload-types'

/** Records who uploaded a file, so members can later manage only their own. */
export const setUploadedBy: CollectionBeforeChangeHook<Media> = ({ data, operation, req }) => {
  if (operation === 'create' && req.user) return { ...data, uploadedBy: req.user.id }
  return data
}
