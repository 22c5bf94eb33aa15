import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { PUBLIC_STATUSES } from '@/lib/publicStatus'
import { adminOnlyFieldAccess } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { writtenByServerOnly } from '@access/nobody'
import { canReadStatusChanges } from '@access/resourceStatusChanges'

import { labelledOptions, siteTerm } from './labels'

export const PUBLIC_STATUS_LABELS = Object.fromEntries(
  PUBLIC_STATUSES.map((status) => [status, siteTerm(`status.label-${status}`)]),
) as Record<(typeof PUBLIC_STATUSES)[number], { ru: string; en: string }>

/**
 * The history of resources' public statuses: one row for each change, by whatever door, written
 * only by the resources collection's `recordPublicStatusChange` hook in the change's own
 * transaction. Anyone reads the rows of the resources they may read (who changed it: admins
 * only); nobody, admins included, writes, edits or removes a row.
 */
export const ResourceStatusChanges: CollectionConfig = {
  slug: 'resource-status-changes',
  access: writtenByServerOnly(canReadStatusChanges),
  admin: {
    useAsTitle: 'id',
    defaultColumns: ['resource', 'from', 'to', 'reason', 'changedBy', 'createdAt'],
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: siteTerm('status.history-entity'),
    plural: siteTerm('status.history-plural'),
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'resource',
      type: 'relationship',
      label: siteTerm('status.col-resource'),
      relationTo: 'resources',
      // Not required: the row stays, unlinked, when the resource is deleted.
      index: true,
    },
    {
      name: 'from',
      type: 'select',
      label: siteTerm('status.col-from'),
      required: true,
      options: labelledOptions(PUBLIC_STATUSES, PUBLIC_STATUS_LABELS),
    },
    {
      name: 'to',
      type: 'select',
      label: siteTerm('status.col-to'),
      required: true,
      index: true,
      options: labelledOptions(PUBLIC_STATUSES, PUBLIC_STATUS_LABELS),
    },
    {
      name: 'reason',
      type: 'textarea',
      label: siteTerm('status.col-reason'),
      localized: true,
      maxLength: LIMITS.moderationReasonMax,
    },
    {
      // Empty when the system acted (a script, the seed).
      name: 'changedBy',
      type: 'relationship',
      label: siteTerm('status.col-by'),
      relationTo: 'users',
      access: { read: adminOnlyFieldAccess },
    },
  ],
}
