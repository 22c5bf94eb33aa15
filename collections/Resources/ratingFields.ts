import type { Field } from 'payload'

import { nobody } from '@access/nobody'

import { CRITERION_LABELS, GRADE_LABELS, jsonValuesField, siteTerm } from '../labels'

const FROM_REVIEWS = {
  ru: 'Заполняется автоматически по отзывам',
  en: 'Kept current from the reviews',
}

/** A resource's rating, kept current by the review hooks; nobody writes it through the API. */
export const RATING_FIELDS: Field[] = [
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
]
