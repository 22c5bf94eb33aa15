import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { adminOnlyFieldAccess as adminOnly } from '@access/adminOnly'
import { authorOrAdmin, canReadReview, canWriteReview } from '@access/reviews'
import { keepTimestamps } from '@hooks/keepTimestamps'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'
import {
  expireReviewedPagesAfterChange,
  expireReviewedPagesAfterDelete,
} from '@hooks/reviews/expireReviewedPages'
import {
  recomputeRatingAfterChange,
  recomputeRatingAfterDelete,
} from '@hooks/reviews/recomputeResourceRating'
import { validateReview } from '@hooks/reviews/validateReview'

/**
 * A user's review of a resource: one per user and resource, guaranteed by a unique index. The
 * comment and reply are plain text, shown as text wherever they appear.
 */
export const Reviews: CollectionConfig = {
  slug: 'reviews',
  access: {
    read: canReadReview,
    create: canWriteReview,
    update: authorOrAdmin,
    delete: authorOrAdmin,
  },
  admin: {
    useAsTitle: 'comment',
    defaultColumns: ['resource', 'author', 'grade', 'status', 'createdAt'],
  },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['resource', 'author'], unique: true }],
  fields: [
    {
      name: 'resource',
      type: 'relationship',
      relationTo: 'resources',
      required: true,
      index: true,
      access: { update: adminOnly },
    },
    {
      name: 'author',
      type: 'relationship',
      relationTo: 'users',
      required: true,
      index: true,
      access: { update: adminOnly },
    },
    { name: 'grade', type: 'number', required: true, min: 1, max: 5 },
    { name: 'comment', type: 'textarea', required: true, maxLength: LIMITS.reviewCommentMax },
    { name: 'criteria', type: 'json' },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'published',
      index: true,
      options: [
        { label: 'published', value: 'published' },
        { label: 'hidden', value: 'hidden' },
      ],
      access: { create: adminOnly, update: adminOnly },
      admin: { position: 'sidebar' },
    },
    {
      name: 'reply',
      type: 'group',
      access: { create: adminOnly, update: adminOnly },
      fields: [
        { name: 'text', type: 'textarea', maxLength: LIMITS.reviewReplyMax },
        { name: 'author', type: 'relationship', relationTo: 'users' },
        { name: 'repliedAt', type: 'date' },
      ],
    },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [keepTimestamps, validateReview],
    afterChange: [recomputeRatingAfterChange, expireReviewedPagesAfterChange],
    afterDelete: [recomputeRatingAfterDelete, expireReviewedPagesAfterDelete],
  },
}
