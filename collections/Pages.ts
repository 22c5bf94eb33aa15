import { LIMITS } from '@/lib/limits'

import { SCHEDULED_COLUMN, contentCollection, heroImageField, slugField } from './content/fields'

/** The about-us and contacts texts and the `/informations/{url}` pages (rules, privacy, …). */
export const Pages = contentCollection({
  slug: 'pages',
  titleField: 'title',
  admin: {
    defaultColumns: ['title', 'slug', '_status', SCHEDULED_COLUMN, 'updatedAt'],
    listSearchableFields: ['title', 'slug'],
  },
  labels: {
    singular: { ru: 'Страница', en: 'Page' },
    plural: { ru: 'Страницы', en: 'Pages' },
  },
  defaultSort: 'title',
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
      name: 'summary',
      type: 'textarea',
      label: { ru: 'Описание', en: 'Description' },
      localized: true,
      maxLength: LIMITS.articleExcerptMax,
      admin: {
        description: {
          ru: 'Для поисковиков и превью ссылки.',
          en: 'For search engines and link previews.',
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
    {
      ...slugField,
      admin: {
        position: 'sidebar',
        description: {
          ru: 'about-us и contacts — страницы «О нас» и «Контакты»; остальные открываются по адресу /informations/{slug}.',
          en: 'about-us and contacts are the About and Contacts pages; others open at /informations/{slug}.',
        },
      },
    },
  ],
})
