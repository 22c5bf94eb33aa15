import type { CollectionConfig, Field, TextField, Validate } from 'payload'

import { type ContentCollection, SLUG_PATTERN } from '@/lib/content'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { isModerator, moderatorsOnly, publishedOrModerators } from '@access/content'
import {
  expireContentPagesAfterChange,
  expireContentPagesAfterDelete,
} from '@hooks/content/expireContentPages'
import { fillSlug } from '@hooks/content/fillSlug'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'

/** The admin's group of the editors' collections. */
export const CONTENT_GROUP = { ru: 'Материалы сайта', en: 'Site content' }

const previewPath = ({ slug, id, locale }: { slug: string; id: unknown; locale: string }) =>
  `/${locale}/preview/${slug}/${String(id)}`

/** Empty is fine: `fillSlug` makes one from the title before a save is validated. */
const validateSlug: Validate = (value, { req }) =>
  value == null ||
  value === '' ||
  (typeof value === 'string' && SLUG_PATTERN.test(value)) ||
  serverMessage({ locale: messageLocale(req), key: 'api.slug-invalid' })

/** The `{url}` of the document's page: unique in its collection, the same in both languages. */
export const slugField: TextField = {
  name: 'slug',
  type: 'text',
  label: { ru: 'Адрес (slug)', en: 'Address (slug)' },
  unique: true,
  index: true,
  maxLength: 90,
  validate: validateSlug,
  admin: {
    position: 'sidebar',
    description: {
      ru: 'Латиница, цифры и дефисы. Пусто — из заголовка.',
      en: 'Latin letters, digits and hyphens. Empty: made from the title.',
    },
  },
}

/** A picture from the files, shown at the top at its sharp sizes. */
export const heroImageField: Field = {
  name: 'heroImage',
  type: 'upload',
  label: { ru: 'Обложка', en: 'Hero image' },
  relationTo: 'media',
}

/**
 * At the top of the edit view: the document's scheduled publications that failed at their time,
 * and why (src/components/admin/ScheduleFailureBanner.tsx); nothing when there are none.
 */
const scheduleFailuresField: Field = {
  name: 'scheduleFailures',
  type: 'ui',
  label: { ru: 'Неудавшиеся публикации по расписанию', en: 'Failed scheduled publications' },
  admin: {
    disableListColumn: true,
    components: { Field: '@/components/admin/ScheduleFailureBanner#ScheduleFailureBanner' },
  },
}

/** The lists' column that says when a document is scheduled (ScheduledCell), after its status. */
export const SCHEDULED_COLUMN = 'scheduledFor'

/**
 * When the document is scheduled to be published or unpublished: a column of the lists, and a
 * notice at the top of the edit view (src/components/admin/ScheduledCell.tsx, ScheduledMark.tsx).
 */
const scheduledForField: Field = {
  name: SCHEDULED_COLUMN,
  type: 'ui',
  label: { ru: 'По расписанию', en: 'Scheduled' },
  admin: {
    components: {
      Cell: '@/components/admin/ScheduledCell#ScheduledCell',
      Field: '@/components/admin/ScheduledMark#ScheduledMark',
    },
  },
}

/**
 * What every content collection shares: editors and admins write it in the admin, the public
 * reads only what is published (drafts, versions and scheduled documents stay behind), every
 * version is kept with drafts autosaved for the live preview, publishing can be scheduled
 * (Payload's jobs queue), and a published change expires exactly the pages that show it.
 */
export const contentCollection = ({
  slug,
  titleField,
  admin,
  hooks = {},
  ...config
}: Omit<CollectionConfig, 'slug'> & {
  slug: ContentCollection
  titleField: string
}): CollectionConfig => ({
  slug,
  access: {
    read: publishedOrModerators,
    readVersions: moderatorsOnly,
    create: moderatorsOnly,
    update: moderatorsOnly,
    delete: moderatorsOnly,
  },
  admin: {
    useAsTitle: titleField,
    hidden: ({ user }) => !isModerator(user as Parameters<typeof isModerator>[0]),
    group: CONTENT_GROUP,
    // The draft as the site will show it, refreshed on every autosave (src/app/…/preview).
    livePreview: {
      url: ({ data, locale }) =>
        data?.id ? previewPath({ slug, id: data.id, locale: locale.code }) : null,
    },
    preview: (data, { locale }) => (data?.id ? previewPath({ slug, id: data.id, locale }) : null),
    ...admin,
  },
  ...config,
  fields: [scheduleFailuresField, scheduledForField, ...(config.fields ?? [])],
  hooks: {
    ...hooks,
    beforeValidate: [
      refuseNonTextValues,
      fillSlug({ titleField }),
      ...(hooks.beforeValidate ?? []),
    ],
    afterChange: [...(hooks.afterChange ?? []), expireContentPagesAfterChange],
    afterDelete: [...(hooks.afterDelete ?? []), expireContentPagesAfterDelete],
  },
  versions: {
    drafts: {
      // Autosave keeps a document's draft as it is written (and the live preview with it). Payload
      // would create an empty draft as soon as "Create" is opened; here the first save creates it
      // ("Save draft" or "Publish", `custom.createOnVisit`, patches/@payloadcms+next), so opening
      // "Create" and leaving leaves nothing behind.
      autosave: { interval: 800, showSaveDraftButton: true },
      // The drawer's clock reads as the admin's dates do (24 hours).
      schedulePublish: { timeFormat: 'HH:mm', timeIntervals: 5 },
    },
    maxPerDoc: 50,
  },
  custom: { ...config.custom, createOnVisit: false },
})
