import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { REPORT_REASONS, REPORT_STATUSES } from '@/lib/reviewReports'
import { canModerate, isAdmin } from '@/lib/roles'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { only } from '@access/only'
import { ownRowsOrAdmin } from '@access/ownRows'
import { canWriteReview } from '@access/reviews'
import { countReviewFeedback } from '@hooks/analytics/countActivity'
import { keepTimestamps } from '@hooks/keepTimestamps'
import { recordReportHandling } from '@hooks/moderation/reportHandling'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'
import { validateReviewFeedback } from '@hooks/reviews/validateReviewFeedback'

import { labelledOptions, siteTerm } from './labels'

/**
 * A reader's report of a review (spam, abuse, a fake, personal data): the admins' moderation
 * queue. One per reader and review; the reporter sees their own, admins work them (hide the
 * review, then mark the report actioned, or dismiss it).
 */
export const ReviewReports: CollectionConfig = {
  slug: 'review-reports',
  access: {
    read: ownRowsOrAdmin('reporter'),
    create: canWriteReview,
    update: only(canModerate),
    delete: only(canModerate),
  },
  admin: {
    useAsTitle: 'reviewComment',
    defaultColumns: ['reviewComment', 'reason', 'status', 'reporter', 'createdAt'],
    hidden: hiddenUnlessAdmin,
    group: { ru: 'Модерация', en: 'Moderation' },
    description: {
      ru: 'Жалобы читателей на отзывы, только для чтения. Разбирайте их в очереди на сайте: /moderation/reports — там жалобы собраны по отзывам, а отзыв можно скрыть с причиной, жалобы отклонить или заблокировать автора.',
      en: "Readers' reports of reviews, read-only here. Work them in the site's queue, /moderation/reports: reports grouped by review, where you hide the review with a reason, dismiss the reports or block the author.",
    },
  },
  labels: {
    singular: { ru: 'Жалоба на отзыв', en: 'Review report' },
    plural: { ru: 'Жалобы на отзывы', en: 'Review reports' },
  },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['review', 'reporter'], unique: true }],
  fields: [
    {
      name: 'review',
      type: 'relationship',
      label: { ru: 'Отзыв', en: 'Review' },
      relationTo: 'reviews',
      required: true,
      index: true,
      access: { update: only(isAdmin) },
      admin: { readOnly: true },
    },
    {
      name: 'reporter',
      type: 'relationship',
      label: { ru: 'Кто пожаловался', en: 'Reported by' },
      relationTo: 'users',
      required: true,
      index: true,
      access: { update: only(isAdmin) },
      admin: { readOnly: true },
    },
    {
      name: 'reason',
      type: 'select',
      label: { ru: 'Причина', en: 'Reason' },
      required: true,
      options: labelledOptions(
        REPORT_REASONS,
        Object.fromEntries(
          REPORT_REASONS.map((reason) => [reason, siteTerm(`report.reason-${reason}`)]),
        ) as Record<(typeof REPORT_REASONS)[number], { ru: string; en: string }>,
      ),
      access: { update: only(isAdmin) },
      admin: { readOnly: true },
    },
    {
      name: 'comment',
      type: 'textarea',
      label: { ru: 'Пояснение', en: 'Details' },
      maxLength: LIMITS.reportCommentMax,
      access: { update: only(isAdmin) },
      admin: { readOnly: true },
    },
    {
      name: 'status',
      type: 'select',
      label: { ru: 'Состояние', en: 'State' },
      required: true,
      defaultValue: 'open',
      index: true,
      options: labelledOptions(REPORT_STATUSES, {
        open: { ru: 'Ждёт решения', en: 'Open' },
        actioned: { ru: 'Меры приняты', en: 'Actioned' },
        dismissed: { ru: 'Отклонена', en: 'Dismissed' },
      }),
      access: { create: only(isAdmin), update: only(isAdmin) },
      admin: { position: 'sidebar' },
    },
    // Who decided the report and when (recordReportHandling), on every door.
    {
      name: 'handledBy',
      type: 'relationship',
      label: { ru: 'Кто решил', en: 'Decided by' },
      relationTo: 'users',
      access: { create: () => false, update: () => false },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'handledAt',
      type: 'date',
      label: { ru: 'Когда решено', en: 'Decided on' },
      access: { create: () => false, update: () => false },
      admin: {
        position: 'sidebar',
        readOnly: true,
        date: { pickerAppearance: 'dayAndTime' },
      },
    },
    // The admin's title for a report: the start of the reported review, through the relation.
    {
      name: 'reviewComment',
      type: 'text',
      label: { ru: 'Отзыв', en: 'Review' },
      virtual: 'review.comment',
      admin: { hidden: true },
    },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [
      keepTimestamps,
      validateReviewFeedback({ collection: 'review-reports', byField: 'reporter' }),
      recordReportHandling,
    ],
    afterChange: [countReviewFeedback('reports')],
  },
}
