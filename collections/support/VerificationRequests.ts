import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { RESOURCE_TYPE_VALUES } from '@/lib/resourceTypes'
import { VERIFICATION_STATUSES } from '@/lib/support'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { adminOnly } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { nobody } from '@access/nobody'
import { canReadVerificationRequest } from '@access/support'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'
import {
  applyVerificationDecision,
  guardVerificationRequest,
} from '@hooks/support/verificationDecisions'

import { RESOURCE_TYPE_LABELS, labelledOptions } from '../labels'

import { SUPPORT_GROUP } from './Tickets'

const STATUS_LABELS = {
  sent: { ru: 'Отправлена', en: 'Sent' },
  awaitingReview: { ru: 'На проверке', en: 'Under review' },
  approved: { ru: 'Одобрена', en: 'Approved' },
  rejected: { ru: 'Отклонена', en: 'Rejected' },
  revoked: { ru: 'Верификация отозвана', en: 'Verification revoked' },
}

/**
 * An owner's request to verify a resource: a message and files proving it is theirs. The people
 * who manage the resource and staff read it; only `POST /add-request-for-verification` opens one
 * (after the caller's right to the resource and the file rules); admins decide, on the site's
 * moderation queue or here, and every decision is kept in its history (guardVerificationRequest).
 * An approval verifies the resource (applyVerificationDecision).
 */
export const VerificationRequests: CollectionConfig = {
  slug: 'verification-requests',
  access: {
    read: canReadVerificationRequest,
    create: nobody,
    update: adminOnly,
    delete: adminOnly,
  },
  admin: {
    useAsTitle: 'id',
    defaultColumns: ['id', 'resource', 'resourceType', 'status', 'requester', 'createdAt'],
    hidden: hiddenUnlessAdmin,
    group: SUPPORT_GROUP,
  },
  labels: {
    singular: { ru: 'Заявка на верификацию', en: 'Verification request' },
    plural: { ru: 'Заявки на верификацию', en: 'Verification requests' },
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'resource',
      type: 'relationship',
      label: { ru: 'Ресурс', en: 'Resource' },
      relationTo: 'resources',
      required: true,
      index: true,
      access: { update: nobody },
    },
    {
      name: 'message',
      type: 'textarea',
      label: { ru: 'Сообщение', en: 'Message' },
      required: true,
      maxLength: LIMITS.messageMax,
      access: { update: nobody },
    },
    {
      name: 'attachments',
      type: 'upload',
      label: { ru: 'Файлы', en: 'Files' },
      relationTo: 'attachments',
      hasMany: true,
      // Asked for when the request is made; a deleted account's files leave its decided request.
      validate: (value, { operation, req }) => {
        const count = Array.isArray(value) ? value.length : 0
        const max = LIMITS.attachmentsMax
        const say = (key: string) =>
          serverMessage({ locale: messageLocale(req), key: `api.${key}`, values: { count: max } })
        if (operation === 'create' && count === 0) return say('files-required')
        return count <= max || say('files-too-many')
      },
      access: { update: nobody },
    },
    {
      name: 'status',
      type: 'select',
      label: { ru: 'Статус', en: 'Status' },
      required: true,
      defaultValue: 'sent',
      index: true,
      options: labelledOptions(VERIFICATION_STATUSES, STATUS_LABELS),
      admin: { position: 'sidebar' },
    },
    {
      name: 'answer',
      type: 'textarea',
      label: { ru: 'Ответ модератора', en: "Moderator's answer" },
      maxLength: LIMITS.messageMax,
      admin: {
        description: {
          ru: 'Обязателен при отклонении и отзыве.',
          en: 'Required to reject or revoke.',
        },
      },
    },
    {
      name: 'resourceType',
      type: 'select',
      label: { ru: 'Тип ресурса', en: 'Resource type' },
      options: labelledOptions(RESOURCE_TYPE_VALUES, RESOURCE_TYPE_LABELS),
      index: true,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'requester',
      type: 'relationship',
      label: { ru: 'Отправил', en: 'Sent by' },
      relationTo: 'users',
      index: true,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'owner',
      type: 'relationship',
      label: { ru: 'Владелец ресурса', en: "Resource's owner" },
      relationTo: 'users',
      index: true,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'decidedBy',
      type: 'relationship',
      label: { ru: 'Решение принял', en: 'Decided by' },
      relationTo: 'users',
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'decidedAt',
      type: 'date',
      label: { ru: 'Дата решения', en: 'Decided on' },
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'history',
      type: 'array',
      label: { ru: 'История', en: 'History' },
      access: { create: nobody, update: nobody },
      admin: { readOnly: true },
      fields: [
        {
          name: 'status',
          type: 'select',
          label: { ru: 'Статус', en: 'Status' },
          required: true,
          options: labelledOptions(VERIFICATION_STATUSES, STATUS_LABELS),
        },
        { name: 'by', type: 'relationship', label: { ru: 'Кто', en: 'By' }, relationTo: 'users' },
        { name: 'at', type: 'date', label: { ru: 'Когда', en: 'When' }, required: true },
        { name: 'answer', type: 'textarea', label: { ru: 'Ответ', en: 'Answer' } },
      ],
    },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [guardVerificationRequest],
    afterChange: [applyVerificationDecision],
  },
}
