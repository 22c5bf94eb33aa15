import type { CollectionConfig } from 'payload'

import { ownFavorites } from '@access/favorites'
import { canWriteReview } from '@access/reviews'
import { validateFavorite } from '@hooks/favorites/validateFavorite'
import { keepTimestamps } from '@hooks/keepTimestamps'

/** A resource a user keeps (user + resource, unique). */
export const Favorites: CollectionConfig = {
  slug: 'favorites',
  access: {
    read: ownFavorites,
    create: canWriteReview,
    update: () => false,
    delete: ownFavorites,
  },
  admin: { defaultColumns: ['user', 'resource', 'createdAt'] },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['user', 'resource'], unique: true }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    {
      name: 'resource',
      type: 'relationship',
      relationTo: 'resources',
      required: true,
      index: true,
    },
  ],
  hooks: {
    beforeChange: [keepTimestamps, validateFavorite],
  },
}
