import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { RATES_FEED_URL_MAX } from '@/lib/rates'
import { RESOURCE_TYPE_VALUES } from '@/lib/resourceTypes'
import { adminOnlyFieldAccess as adminOnly } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import {
  canCreateResource,
  canDeleteResource,
  canEditResource,
  canReadResource,
  editorsOfResourceField,
} from '@access/resources'
import { keepTimestamps } from '@hooks/keepTimestamps'
import { guardResourcePgpKey } from '@hooks/mirrors/guardResourcePgpKey'
import { tellAdminsOfWaitingKey, tellOwnerOfKeyDecision } from '@hooks/mirrors/tellOfPgpKeyChange'
import {
  recordResourceModeration,
  tellOwnerOfModeration,
} from '@hooks/moderation/resourceModeration'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'
import {
  expireResourcePagesAfterChange,
  expireResourcePagesAfterDelete,
} from '@hooks/resources/expireResourcePages'
import { keepRatesFeedOnExchangers } from '@hooks/resources/keepRatesFeedOnExchangers'
import { lockTypeForOperators } from '@hooks/resources/lockTypeForOperators'
import { prepareResource } from '@hooks/resources/prepareResource'
import { promoteAuthorToOwner } from '@hooks/resources/promoteAuthorToOwner'
import { guardPublicStatus, recordPublicStatusChange } from '@hooks/status/publicStatus'

import { labelledOptions, siteTerm, RESOURCE_TYPE_LABELS } from '../labels'

import { PGP_KEY_FIELDS } from './pgpKeyFields'
import { RATING_FIELDS } from './ratingFields'
import { MODERATION_FIELDS, PUBLIC_STATUS_FIELDS } from './statusFields'
import { validateCountry, validateLink, validateRatesFeed, validateTitle } from './validation'

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
    defaultColumns: [
      'title',
      'type',
      'status',
      'publicStatus',
      'country',
      'verified',
      'ratingAverage',
      'reviewCount',
    ],
    listSearchableFields: ['title', 'slug'],
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: { ru: 'Ресурс', en: 'Resource' },
    plural: { ru: 'Ресурсы', en: 'Resources' },
  },
  defaultSort: '-createdAt',
  fields: [
    {
      name: 'type',
      type: 'select',
      label: siteTerm('add-resource.type'),
      required: true,
      index: true,
      options: labelledOptions(RESOURCE_TYPE_VALUES, RESOURCE_TYPE_LABELS),
    },
    {
      name: 'title',
      type: 'text',
      label: siteTerm('add-resource.title-field'),
      required: true,
      localized: true,
      maxLength: LIMITS.resourceTitleMax,
      validate: validateTitle,
    },
    {
      name: 'anons',
      type: 'textarea',
      label: siteTerm('add-resource.anons'),
      localized: true,
      maxLength: LIMITS.resourceAnonsMax,
      admin: { description: siteTerm('add-resource.anons-hint') },
    },
    {
      name: 'description',
      type: 'richText',
      label: siteTerm('add-resource.description'),
      localized: true,
    },
    {
      name: 'slug',
      type: 'text',
      label: { ru: 'Адрес страницы', en: 'Page address' },
      unique: true,
      index: true,
      maxLength: LIMITS.resourceSlugMax,
      admin: {
        position: 'sidebar',
        description: {
          ru: 'Составляется из названия, если оставить пустым',
          en: 'Made from the title when left empty',
        },
      },
    },
    {
      name: 'links',
      type: 'array',
      label: siteTerm('add-resource.links'),
      labels: {
        singular: { ru: 'Адрес', en: 'Address' },
        plural: siteTerm('add-resource.links'),
      },
      required: true,
      minRows: 1,
      maxRows: LIMITS.resourceLinksMax,
      admin: { description: siteTerm('add-resource.links-hint') },
      fields: [
        {
          name: 'url',
          type: 'text',
          label: { ru: 'Адрес', en: 'Address' },
          required: true,
          validate: validateLink,
        },
      ],
    },
    {
      // An exchanger's rates export (issue 48), fetched by the worker (src/server/rates) once the
      // exchanger is verified and not warned about. Only its editors read the address: it may be
      // a private export the exchanger gives no one else.
      name: 'ratesFeed',
      type: 'text',
      label: siteTerm('rates-feed.field'),
      access: { read: editorsOfResourceField },
      maxLength: RATES_FEED_URL_MAX,
      validate: validateRatesFeed,
      admin: {
        description: siteTerm('rates-feed.field-hint'),
        condition: (data) => data?.type === 'exchanger',
      },
    },
    ...PGP_KEY_FIELDS,
    { name: 'image', type: 'upload', relationTo: 'media', label: siteTerm('add-resource.image') },
    {
      // Stored as its ISO 3166-1 alpha-2 code (a text column); the admin picks it from a list of
      // localized names, as the site's form does.
      name: 'country',
      type: 'text',
      label: siteTerm('add-resource.country'),
      index: true,
      maxLength: 2,
      validate: validateCountry,
      admin: {
        position: 'sidebar',
        components: {
          Field: '@/components/admin/CountryField.client#CountryField',
          Cell: '@/components/admin/CountryCell.client#CountryCell',
        },
      },
    },
    {
      name: 'owner',
      type: 'relationship',
      label: { ru: 'Владелец', en: 'Owner' },
      relationTo: 'users',
      index: true,
      access: { update: adminOnly },
      admin: { position: 'sidebar' },
    },
    ...MODERATION_FIELDS,
    ...PUBLIC_STATUS_FIELDS,
    ...RATING_FIELDS,
    { name: 'searchText', type: 'textarea', localized: true, hidden: true },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [
      keepTimestamps,
      lockTypeForOperators,
      keepRatesFeedOnExchangers,
      prepareResource,
      recordResourceModeration,
      guardResourcePgpKey,
      guardPublicStatus,
    ],
    afterChange: [
      promoteAuthorToOwner,
      tellOwnerOfModeration,
      tellAdminsOfWaitingKey,
      tellOwnerOfKeyDecision,
      recordPublicStatusChange,
      expireResourcePagesAfterChange,
    ],
    afterDelete: [expireResourcePagesAfterDelete],
  },
}
