import type { CollectionConfig } from 'payload'

import type { ArticleCollection } from '@/lib/content'
import { LIMITS } from '@/lib/limits'
import { stampPublishedAt } from '@hooks/content/stampPublishedAt'

import type { Label } from '../labels'

import { SCHEDULED_COLUMN, contentCollection, heroImageField, slugField } from './fields'

/** News and posts: dated articles with a page each, a list, a feed and comments. */
export const articleCollection = ({
  slug,
  labels,
}: {
  slug: ArticleCollection
  labels: { singular: Label; plural: Label }
}): CollectionConfig =>
  contentCollection({
    slug,
    titleField: 'title',
    admin: {
      defaultColumns: ['title', 'slug', 'publishedAt', '_status', SCHEDULED_COLUMN, 'updatedAt'],
      listSearchableFields: ['title', 'slug'],
    },
    labels,
    defaultSort: '-publishedAt',
    fields: [
      {
        name: 'title',
        type: 'text',
        label: { ru: 'Заголовок', en: 'Title' },
        localized: true,
        required: true,
        maxLength: LIMITS.articleTitleMax,
      },
      {
        name: 'excerpt',
        type: 'textarea',
        label: { ru: 'Анонс', en: 'Summary' },
        localized: true,
        maxLength: LIMITS.articleExcerptMax,
        admin: {
          description: {
            ru: 'Показывается в списке, в ленте RSS и в превью ссылки.',
            en: 'Shown in the list, the RSS feed and link previews.',
          },
        },
      },
      heroImageField,
      {
        name: 'content',
        type: 'richText',
        label: { ru: 'Текст', en: 'Text' },
        localized: true,
        required: true,
      },
      slugField,
      {
        name: 'publishedAt',
        type: 'date',
        label: { ru: 'Дата публикации', en: 'Published on' },
        index: true,
        admin: {
          position: 'sidebar',
          date: { pickerAppearance: 'dayAndTime', displayFormat: 'd MMMM yyyy, HH:mm' },
          description: {
            ru: 'Ставится при первой публикации.',
            en: 'Set when first published.',
          },
        },
      },
      {
        name: 'author',
        type: 'relationship',
        label: { ru: 'Автор', en: 'Author' },
        relationTo: 'users',
        admin: { position: 'sidebar' },
        defaultValue: ({ user }) => user?.id,
      },
    ],
    hooks: { beforeChange: [stampPublishedAt] },
  })
