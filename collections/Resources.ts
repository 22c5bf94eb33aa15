import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'
import type { CollectionConfig, TextFieldSingleValidation, Validate } from 'payload'
import { text } from 'payload/shared'

import { isWebAddress } from '@/lib/externalUrl'
import { LIMITS } from '@/lib/limits'
import { PUBLIC_STATUSES } from '@/lib/publicStatus'
import { RESOURCE_STATUSES, RESOURCE_TYPE_VALUES } from '@/lib/resourceTypes'
import { nestedRequest } from '@/server/nestedRequest'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { adminOnlyFieldAccess as adminOnly } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { nobody } from '@access/nobody'
import {
  canCreateResource,
  canDeleteResource,
  canEditResource,
  canReadResource,
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
import { lockTypeForOperators } from '@hooks/resources/lockTypeForOperators'
import { prepareResource } from '@hooks/resources/prepareResource'
import { promoteAuthorToOwner } from '@hooks/resources/promoteAuthorToOwner'
import { guardPublicStatus, recordPublicStatusChange } from '@hooks/status/publicStatus'

import {
  CRITERION_LABELS,
  GRADE_LABELS,
  jsonValuesField,
  labelledOptions,
  siteTerm,
  RESOURCE_TYPE_LABELS,
} from './labels'
import { PUBLIC_STATUS_LABELS } from './ResourceStatusChanges'

type PostgresSchemaHook = NonNullable<PostgresAdapterArgs['beforeSchemaInit']>[number]

/**
 * A title in the language being written, unless the resource has one in another language: a
 * resource may be written in one language only (the other reads it through `fallbackLocale`),
 * and then saved in either (an admin publishing it in Russian, a verification setting its flag).
 * A new resource needs its title in the language it is created in.
 */
const validateTitle: TextFieldSingleValidation = async (value, options) => {
  const { id, operation, req } = options
  if (value || operation !== 'update' || id === undefined) return text(value, options)
  // A request of its own: handed `req`, the read would leave the save in locale 'all', which
  // merges no language's values, and the update would store none of them (src/server/nestedRequest).
  const titles = await req.payload.findByID({
    collection: 'resources',
    id,
    locale: 'all',
    select: { title: true },
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req: nestedRequest(req),
  })
  const byLocale = (titles?.title ?? {}) as unknown as Record<string, string | null>
  const titledElsewhere = Object.entries(byLocale).some(
    ([locale, title]) => locale !== req.locale && Boolean(title),
  )
  return text(value, { ...options, required: !titledElsewhere })
}

/**
 * The title's column in each language's row (`resources_locales.title`) takes a null: the row of a
 * language holds its summary, description or status reason whether or not the resource has a
 * title in it. Payload would make a required field's column NOT NULL in every language's row, and
 * the save of a resource titled in Russian only that gave an English summary would fail there;
 * `validateTitle` holds the rule instead. In Payload's schema, so that the migrations keep it.
 */
export const titleInOneLanguage: PostgresSchemaHook = ({ adapter, schema }) => {
  const column = adapter.rawTables.resources_locales?.columns.title
  if (!column) throw new Error('resources_locales.title: no such column in the schema')
  column.notNull = false
  return schema
}

const validateLink: Validate = (value, { req }) =>
  isWebAddress(value) || req.t('validation:invalidInput')

/** An ISO 3166-1 alpha-2 code, or nothing; on every door, whatever picked it. */
const validateCountry: Validate = (value, { req }) =>
  value == null ||
  value === '' ||
  /^[A-Z]{2}$/.test(String(value)) ||
  serverMessage({ locale: messageLocale(req), key: 'api.country-invalid' })

const FROM_REVIEWS = {
  ru: 'Заполняется автоматически по отзывам',
  en: 'Kept current from the reviews',
}

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
      // The operators' signing key (issue 31): visitors check the signed mirror lists with it.
      // guardResourcePgpKey decides what a write does: the first key at once, a change only
      // after an admin's approval.
      type: 'collapsible',
      label: { ru: 'PGP-ключ ресурса', en: 'The resource’s PGP key' },
      admin: { initCollapsed: true },
      fields: [
        {
          name: 'pgpKey',
          type: 'textarea',
          label: { ru: 'Открытый PGP-ключ', en: 'PGP public key' },
          maxLength: LIMITS.pgpKeyMax,
          admin: {
            description: {
              ru: 'Первый ключ действует сразу; смена ключа владельцем ждёт одобрения администратора',
              en: 'The first key takes effect at once; an owner’s change waits for an admin’s approval',
            },
          },
        },
        {
          name: 'pgpFingerprint',
          type: 'text',
          label: { ru: 'Отпечаток ключа', en: 'Key fingerprint' },
          access: { create: nobody, update: nobody },
          admin: { readOnly: true },
        },
      ],
    },
    {
      // An owner's or operator's new key waiting for an admin (issue 42), shown open while one
      // waits. Only admins read and set the decision (field access: the admin's form renders
      // the field for them alone); guardResourcePgpKey applies it on every door.
      type: 'collapsible',
      label: { ru: 'Новый PGP-ключ ждёт решения', en: 'A new PGP key awaits a decision' },
      admin: { initCollapsed: false, condition: (data) => Boolean(data?.pendingPgpKey) },
      fields: [
        {
          name: 'pendingPgpKey',
          type: 'textarea',
          label: { ru: 'Новый ключ, ждущий одобрения', en: 'New key awaiting approval' },
          access: { create: nobody, update: nobody },
          admin: { readOnly: true, condition: (data) => Boolean(data?.pendingPgpKey) },
        },
        {
          name: 'pendingPgpFingerprint',
          type: 'text',
          label: { ru: 'Отпечаток нового ключа', en: 'New key’s fingerprint' },
          access: { create: nobody, update: nobody },
          admin: { readOnly: true, condition: (data) => Boolean(data?.pendingPgpKey) },
        },
        {
          name: 'pendingPgpKeyAt',
          type: 'date',
          label: { ru: 'Смена ключа запрошена', en: 'Key change asked on' },
          access: { create: nobody, update: nobody },
          admin: {
            readOnly: true,
            condition: (data) => Boolean(data?.pendingPgpKey),
            date: { pickerAppearance: 'dayAndTime' },
          },
        },
        {
          // Not stored: an admin's answer to the pending key, applied by guardResourcePgpKey.
          name: 'pgpKeyDecision',
          type: 'select',
          virtual: true,
          label: { ru: 'Решение по новому ключу', en: 'Decision on the new key' },
          options: [
            { value: 'approve', label: { ru: 'Одобрить новый ключ', en: 'Approve the new key' } },
            { value: 'refuse', label: { ru: 'Отклонить новый ключ', en: 'Refuse the new key' } },
          ],
          access: { create: adminOnly, update: adminOnly, read: adminOnly },
          admin: {
            // Payload makes a virtual field read-only in the admin unless told otherwise.
            readOnly: false,
            condition: (data) => Boolean(data?.pendingPgpKey),
            description: {
              ru: 'Сверьте отпечаток с владельцем по другому каналу, затем сохраните',
              en: 'Check the fingerprint with the owner by another channel, then save',
            },
          },
        },
      ],
    },
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
    // Kept current by the review hooks; nobody writes them through the API.
    {
      name: 'ratingAverage',
      type: 'number',
      label: { ru: 'Средняя оценка', en: 'Average grade' },
      defaultValue: 0,
      index: true,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true, description: FROM_REVIEWS },
    },
    {
      name: 'reviewCount',
      type: 'number',
      label: { ru: 'Число отзывов', en: 'Number of reviews' },
      defaultValue: 0,
      index: true,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'ratingDistribution',
      type: 'json',
      label: siteTerm('resource.distribution'),
      access: { create: nobody, update: nobody },
      admin: {
        readOnly: true,
        description: FROM_REVIEWS,
        components: { Field: jsonValuesField({ keys: GRADE_LABELS }) },
      },
    },
    {
      name: 'criteriaAverages',
      type: 'json',
      label: { ru: 'Средние оценки по критериям', en: 'Average grades per criterion' },
      access: { create: nobody, update: nobody },
      admin: {
        readOnly: true,
        description: FROM_REVIEWS,
        components: { Field: jsonValuesField({ keys: CRITERION_LABELS }) },
      },
    },
    { name: 'searchText', type: 'textarea', localized: true, hidden: true },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [
      keepTimestamps,
      lockTypeForOperators,
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
