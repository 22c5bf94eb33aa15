import type { CollectionConfig, Validate } from 'payload'

import { isWebAddress } from '@/lib/externalUrl'
import { LIMITS } from '@/lib/limits'
import { RESOURCE_TYPES } from '@/lib/resourceTypes'
import { adminOnlyFieldAccess as adminOnly } from '@access/adminOnly'
import {
  canCreateResource,
  canDeleteResource,
  canEditResource,
  canReadResource,
} from '@access/resources'
import { keepTimestamps } from '@hooks/keepTimestamps'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'
import {
  expireResourcePagesAfterChange,
  expireResourcePagesAfterDelete,
} from '@hooks/resources/expireResourcePages'
import { lockTypeForOperators } from '@hooks/resources/lockTypeForOperators'
import { prepareResource } from '@hooks/resources/prepareResource'
import { promoteAuthorToOwner } from '@hooks/resources/promoteAuthorToOwner'

const nobody = () => false

const validateLink: Validate = (value, { req }) =>
  isWebAddress(value) || req.t('validation:invalidInput')

export const RESOURCE_STATUSES = ['pending', 'published', 'rejected'] as const

/** A marketplace, shop, forum or exchanger in the directory (design.md §2). */
export const Resources: CollectionConfig = {
  slug: 'resources',
  access: {
    read: canReadResource,
    create: canCreateResource,
    update: canEditResource,
    delete: canDeleteResource,
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'type', 'status', 'verified', 'ratingAverage', 'reviewCount'],
    listSearchableFields: ['title', 'slug'],
  },
  defaultSort: '-createdAt',
  fields: [
    {
      name: 'type',
      type: 'select',
      required: true,
      index: true,
      options: RESOURCE_TYPES.map(({ type }) => ({ label: type, value: type })),
    },
    {
      name: 'title',
      type: 'text',
      required: true,
      localized: true,
      maxLength: LIMITS.resourceTitleMax,
    },
    { name: 'anons', type: 'textarea', localized: true, maxLength: LIMITS.resourceAnonsMax },
    { name: 'description', type: 'richText', localized: true },
    {
      name: 'slug',
      type: 'text',
      unique: true,
      index: true,
      maxLength: LIMITS.resourceSlugMax,
      admin: { position: 'sidebar', description: 'Made from the title when left empty' },
    },
    {
      name: 'links',
      type: 'array',
      required: true,
      minRows: 1,
      maxRows: LIMITS.resourceLinksMax,
      fields: [{ name: 'url', type: 'text', required: true, validate: validateLink }],
    },
    { name: 'image', type: 'upload', relationTo: 'media' },
    {
      name: 'country',
      type: 'text',
      index: true,
      maxLength: 2,
      validate: (value: unknown) =>
        value == null || value === '' || /^[A-Z]{2}$/.test(String(value)) || 'ISO 3166-1 code',
      admin: { position: 'sidebar', description: 'ISO 3166-1 alpha-2 code, e.g. RU' },
    },
    {
      name: 'owner',
      type: 'relationship',
      relationTo: 'users',
      index: true,
      access: { update: adminOnly },
      admin: { position: 'sidebar' },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: RESOURCE_STATUSES.map((value) => ({ label: value, value })),
      access: { update: adminOnly },
      admin: { position: 'sidebar' },
    },
    {
      name: 'verified',
      type: 'checkbox',
      defaultValue: false,
      index: true,
      access: { create: adminOnly, update: adminOnly },
      admin: { position: 'sidebar' },
    },
    // Kept current by the review hooks; nobody writes them through the API.
    {
      name: 'ratingAverage',
      type: 'number',
      defaultValue: 0,
      index: true,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'reviewCount',
      type: 'number',
      defaultValue: 0,
      index: true,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'ratingDistribution',
      type: 'json',
      access: { create: nobody, update: nobody },
      admin: { readOnly: true },
    },
    {
      name: 'criteriaAverages',
      type: 'json',
      access: { create: nobody, update: nobody },
      admin: { readOnly: true },
    },
    { name: 'searchText', type: 'textarea', localized: true, hidden: true },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [keepTimestamps, lockTypeForOperators, prepareResource],
    afterChange: [promoteAuthorToOwner, expireResourcePagesAfterChange],
    afterDelete: [expireResourcePagesAfterDelete],
  },
}
