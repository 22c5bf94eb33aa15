import { FAQ_CATEGORIES } from '@/lib/content'
import { LIMITS } from '@/lib/limits'

import { SCHEDULED_COLUMN, contentCollection, slugField } from './content/fields'
import { labelledOptions, siteTerm } from './labels'

/** The questions of `/faqs`, grouped by category and ordered within it. */
export const Faqs = contentCollection({
  slug: 'faqs',
  titleField: 'question',
  admin: {
    defaultColumns: ['question', 'category', 'order', '_status', SCHEDULED_COLUMN],
    listSearchableFields: ['question', 'slug'],
  },
  labels: {
    singular: { ru: 'Вопрос', en: 'Question' },
    plural: { ru: 'Вопросы и ответы', en: 'FAQs' },
  },
  defaultSort: 'order',
  fields: [
    {
      name: 'question',
      type: 'text',
      label: { ru: 'Вопрос', en: 'Question' },
      localized: true,
      required: true,
      maxLength: LIMITS.articleTitleMax,
    },
    {
      name: 'answer',
      type: 'richText',
      label: { ru: 'Ответ', en: 'Answer' },
      localized: true,
      required: true,
    },
    {
      name: 'category',
      type: 'select',
      label: { ru: 'Раздел', en: 'Category' },
      required: true,
      defaultValue: 'general',
      index: true,
      options: labelledOptions(
        FAQ_CATEGORIES,
        Object.fromEntries(FAQ_CATEGORIES.map((c) => [c, siteTerm(`faqs.category-${c}`)])) as never,
      ),
      admin: { position: 'sidebar' },
    },
    {
      name: 'order',
      type: 'number',
      label: { ru: 'Порядок', en: 'Order' },
      defaultValue: 0,
      min: 0,
      max: 10_000,
      admin: { position: 'sidebar' },
    },
    {
      ...slugField,
      label: { ru: 'Якорь (slug)', en: 'Anchor (slug)' },
    },
  ],
})
