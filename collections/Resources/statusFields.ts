import type { Field } from 'payload'

import { LIMITS } from '@/lib/limits'
import { PUBLIC_STATUSES } from '@/lib/publicStatus'
import { RESOURCE_STATUSES } from '@/lib/resourceTypes'
import { adminOnlyFieldAccess as adminOnly } from '@access/adminOnly'
import { nobody } from '@access/nobody'

import { labelledOptions, siteTerm } from '../labels'
import { PUBLIC_STATUS_LABELS } from '../ResourceStatusChanges'

/** The moderators' decision on a resource, in the admin's sidebar. */
export const MODERATION_FIELDS: Field[] = [
  {
    name: 'status',
    type: 'select',
    label: { ru: 'Статус модерации', en: 'Moderation status' },
    required: true,
    defaultValue: 'pending',
    index: true,
    options: labelledOptions(RESOURCE_STATUSES, {
      pending: { ru: 'На проверке', en: 'Pending review' },
      published: { ru: 'Опубликован', en: 'Published' },
      rejected: { ru: 'Отклонён', en: 'Rejected' },
    }),
    access: { update: adminOnly },
    admin: { position: 'sidebar' },
  },
  // Why moderators rejected the resource: required to reject it on every door
  // (recordResourceModeration); its owner reads it on their resources and by email.
  {
    name: 'rejectionReason',
    type: 'textarea',
    label: { ru: 'Причина отклонения', en: 'Why it was rejected' },
    maxLength: LIMITS.moderationReasonMax,
    access: { create: adminOnly, update: adminOnly },
    admin: {
      position: 'sidebar',
      condition: (data) => data?.status === 'rejected',
      description: {
        ru: 'Обязательно, чтобы отклонить ресурс: владелец получит её письмом',
        en: 'Required to reject the resource: its owner receives it by email',
      },
    },
  },
  {
    name: 'moderatedAt',
    type: 'date',
    label: { ru: 'Решение модератора', en: 'Moderated on' },
    access: { create: nobody, update: nobody },
    admin: { position: 'sidebar', readOnly: true },
  },
]

/** What visitors are told of a resource, set by admins: its public status and the verified badge. */
export const PUBLIC_STATUS_FIELDS: Field[] = [
  // What visitors are told of the resource (issue 31): set by admins only, on every door
  // (field access, and guardPublicStatus for what field access lets past); each change is kept
  // in resource-status-changes.
  {
    name: 'publicStatus',
    type: 'select',
    label: siteTerm('status.field-status'),
    defaultValue: 'none',
    index: true,
    options: labelledOptions(PUBLIC_STATUSES, PUBLIC_STATUS_LABELS),
    access: { create: adminOnly, update: adminOnly },
    admin: { position: 'sidebar', description: siteTerm('status.field-status-hint') },
  },
  {
    name: 'publicStatusReason',
    type: 'textarea',
    label: siteTerm('status.field-reason'),
    localized: true,
    maxLength: LIMITS.moderationReasonMax,
    access: { create: adminOnly, update: adminOnly },
    admin: {
      position: 'sidebar',
      condition: (data) => Boolean(data?.publicStatus) && data?.publicStatus !== 'none',
      description: siteTerm('status.field-reason-hint'),
    },
  },
  {
    name: 'publicStatusAt',
    type: 'date',
    label: siteTerm('status.field-at'),
    access: { create: nobody, update: nobody },
    admin: { position: 'sidebar', readOnly: true },
  },
  {
    name: 'verified',
    type: 'checkbox',
    label: { ru: 'Проверен модератором', en: 'Verified by a moderator' },
    defaultValue: false,
    index: true,
    access: { create: adminOnly, update: adminOnly },
    admin: { position: 'sidebar' },
  },
]
