import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { REVIEW_STATUSES } from '@/lib/moderation'
import { adminOnlyFieldAccess as adminOnly } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { nobody } from '@access/nobody'
import { authorOrAdmin, canReadReview, canWriteReview } from '@access/reviews'
import { countNewReview } from '@hooks/analytics/countActivity'
import { claimInvitation } from '@hooks/invitations/claimInvitation'
import { keepTimestamps } from '@hooks/keepTimestamps'
import { actionReportsOnHiding, recordReviewHiding } from '@hooks/moderation/reviewHiding'
import { notifyReviewEvents } from '@hooks/notifications/events'
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

import { CRITERION_LABELS, jsonValuesField, labelledOptions, siteTerm } from './labels'

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
    defaultColumns: ['comment', 'resource', 'author', 'grade', 'status', 'createdAt'],
    // Editors review on the site like any member; the admin's reviews are the admins' to moderate.
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: { ru: 'Отзыв', en: 'Review' },
    plural: { ru: 'Отзывы', en: 'Reviews' },
  },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['resource', 'author'], unique: true }],
  fields: [
    {
      name: 'resource',
      type: 'relationship',
      label: { ru: 'Ресурс', en: 'Resource' },
      relationTo: 'resources',
      required: true,
      index: true,
      access: { update: adminOnly },
    },
    {
      name: 'author',
      type: 'relationship',
      label: { ru: 'Автор', en: 'Author' },
      relationTo: 'users',
      required: true,
      index: true,
      access: { update: adminOnly },
    },
    {
      name: 'grade',
      type: 'number',
      label: siteTerm('review-form.grade'),
      required: true,
      min: 1,
      max: 5,
    },
    {
      name: 'title',
      type: 'text',
      label: siteTerm('review-form.title'),
      maxLength: LIMITS.reviewTitleMax,
    },
    {
      name: 'comment',
      type: 'textarea',
      label: { ru: 'Текст отзыва', en: 'Review text' },
      required: true,
      maxLength: LIMITS.reviewCommentMax,
    },
    // Kept by the helpful votes' hooks (hooks/reviews/countHelpfulVotes.ts), in SQL; no door sets it.
    {
      name: 'helpfulCount',
      type: 'number',
      label: { ru: 'Отмечен полезным', en: 'Marked helpful' },
      defaultValue: 0,
      index: true,
      access: { create: () => false, update: () => false },
      admin: { readOnly: true, position: 'sidebar' },
    },
    // Written through a review invitation: set only by the claimInvitation hook, no door sets it.
    {
      name: 'invited',
      type: 'checkbox',
      label: { ru: 'По приглашению', en: 'Invited' },
      defaultValue: false,
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'criteria',
      type: 'json',
      label: { ru: 'Оценки по критериям', en: 'Grades per criterion' },
      admin: { components: { Field: jsonValuesField({ keys: CRITERION_LABELS }) } },
    },
    {
      name: 'status',
      type: 'select',
      label: { ru: 'Статус', en: 'Status' },
      required: true,
      defaultValue: 'published',
      index: true,
      // `pending`: held by the review guard (a burst of reviews from new accounts) until an admin
      // publishes or hides it.
      options: labelledOptions(REVIEW_STATUSES, {
        published: { ru: 'Опубликован', en: 'Published' },
        hidden: { ru: 'Скрыт', en: 'Hidden' },
        pending: { ru: 'Задержан до проверки', en: 'Held for moderation' },
      }),
      access: { create: adminOnly, update: adminOnly },
      admin: { position: 'sidebar' },
    },
    // Why moderators hid the review: required to hide it on every door (recordReviewHiding);
    // its author reads it on their reviews page.
    {
      name: 'hiddenReason',
      type: 'textarea',
      label: { ru: 'Почему скрыт', en: 'Why it is hidden' },
      maxLength: LIMITS.moderationReasonMax,
      access: { create: adminOnly, update: adminOnly },
      admin: {
        position: 'sidebar',
        condition: (data) => data?.status === 'hidden',
        description: {
          ru: 'Обязательно, чтобы скрыть отзыв: автор увидит эту причину',
          en: 'Required to hide the review: its author reads this reason',
        },
      },
    },
    {
      name: 'hiddenAt',
      type: 'date',
      label: { ru: 'Скрыт', en: 'Hidden on' },
      access: { create: () => false, update: () => false },
      admin: {
        position: 'sidebar',
        readOnly: true,
        condition: (data) => data?.status === 'hidden',
      },
    },
    {
      name: 'reply',
      type: 'group',
      label: siteTerm('reviews.reply-from-owner'),
      access: { create: adminOnly, update: adminOnly },
      fields: [
        {
          name: 'text',
          type: 'textarea',
          label: { ru: 'Текст ответа', en: 'Reply text' },
          maxLength: LIMITS.reviewReplyMax,
        },
        {
          name: 'author',
          type: 'relationship',
          label: { ru: 'Автор ответа', en: 'Replied by' },
          relationTo: 'users',
        },
        { name: 'repliedAt', type: 'date', label: { ru: 'Дата ответа', en: 'Replied on' } },
      ],
    },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [keepTimestamps, validateReview, claimInvitation, recordReviewHiding],
    afterChange: [
      recomputeRatingAfterChange,
      actionReportsOnHiding,
      expireReviewedPagesAfterChange,
      countNewReview,
      notifyReviewEvents,
    ],
    afterDelete: [recomputeRatingAfterDelete, expireReviewedPagesAfterDelete],
  },
}
