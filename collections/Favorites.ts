import type { CollectionConfig } from 'payload'

import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { ownFavorites } from '@access/favorites'
import { canWriteReview } from '@access/reviews'
import { countFavoriteAdded, countFavoriteRemoved } from '@hooks/analytics/countActivity'
import { validateFavorite } from '@hooks/favorites/validateFavorite'
import { keepTimestamps } from '@hooks/keepTimestamps'

import { siteTerm } from './labels'

/** A resource a user keeps (user + resource, unique). */
export const Favorites: CollectionConfig = {
  slug: 'favorites',
  access: {
    read: ownFavorites,
    create: canWriteReview,
    update: () => false,
    delete: ownFavorites,
  },
  admin: {
    useAsTitle: 'resourceTitle',
    defaultColumns: ['resource', 'user', 'createdAt'],
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: { ru: 'Избранный ресурс', en: 'Favorite' },
    plural: siteTerm('favorites.title'),
  },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['user', 'resource'], unique: true }],
  fields: [
    {
      name: 'user',
      type: 'relationship',
      label: { ru: 'Пользователь', en: 'User' },
      relationTo: 'users',
      required: true,
      index: true,
    },
    {
      name: 'resource',
      type: 'relationship',
      label: { ru: 'Ресурс', en: 'Resource' },
      relationTo: 'resources',
      required: true,
      index: true,
    },
    // The admin's title for a favorite: its resource's title, read through the relation (no
    // column, and only what the reader may see of the resource).
    {
      name: 'resourceTitle',
      type: 'text',
      label: { ru: 'Название ресурса', en: 'Resource title' },
      virtual: 'resource.title',
      admin: { hidden: true },
    },
  ],
  hooks: {
    beforeChange: [keepTimestamps, validateFavorite],
    afterChange: [countFavoriteAdded],
    afterDelete: [countFavoriteRemoved],
  },
}
