import type { CollectionConfig } from 'payload'

import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { ownRowsOrAdmin } from '@access/ownRows'
import { canWriteReview } from '@access/reviews'
import { countReviewFeedback } from '@hooks/analytics/countActivity'
import { keepTimestamps } from '@hooks/keepTimestamps'
import {
  countHelpfulVotesAfterChange,
  countHelpfulVotesAfterDelete,
} from '@hooks/reviews/countHelpfulVotes'
import { validateReviewFeedback } from '@hooks/reviews/validateReviewFeedback'

/**
 * "This review was helpful": one per user and review (a unique index), never on one's own review;
 * the review keeps the count (`helpfulCount`). Votes are private: each user reads their own.
 */
export const ReviewVotes: CollectionConfig = {
  slug: 'review-votes',
  access: {
    read: ownRowsOrAdmin('user'),
    create: canWriteReview,
    update: () => false,
    delete: ownRowsOrAdmin('user'),
  },
  admin: {
    defaultColumns: ['review', 'user', 'createdAt'],
    hidden: hiddenUnlessAdmin,
    group: { ru: 'Модерация', en: 'Moderation' },
  },
  labels: {
    singular: { ru: 'Голос «Полезно»', en: 'Helpful vote' },
    plural: { ru: 'Голоса «Полезно»', en: 'Helpful votes' },
  },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['review', 'user'], unique: true }],
  fields: [
    {
      name: 'review',
      type: 'relationship',
      label: { ru: 'Отзыв', en: 'Review' },
      relationTo: 'reviews',
      required: true,
      index: true,
    },
    {
      name: 'user',
      type: 'relationship',
      label: { ru: 'Пользователь', en: 'User' },
      relationTo: 'users',
      required: true,
      index: true,
    },
  ],
  hooks: {
    beforeChange: [
      keepTimestamps,
      validateReviewFeedback({ collection: 'review-votes', byField: 'user' }),
    ],
    afterChange: [countHelpfulVotesAfterChange, countReviewFeedback('helpful_votes')],
    afterDelete: [countHelpfulVotesAfterDelete],
  },
}
