import type { CollectionConfig } from 'payload'

import { IMAGE_MIME_TYPES } from '@/lib/limits'
import { mediaDir } from '@/server/env'
import { anyone } from '@access/anyone'
import { authenticated } from '@access/authenticated'
import { uploaderOrAdmin } from '@access/uploaderOrAdmin'
import { keepTimestamps } from '@hooks/keepTimestamps'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'
import { rejectDisallowedUpload } from '@hooks/rejectDisallowedUpload'
import { setUploadedBy } from '@hooks/setUploadedBy'

export const Media: CollectionConfig = {
  slug: 'media',
  access: {
    read: anyone,
    create: authenticated,
    update: uploaderOrAdmin,
    delete: uploaderOrAdmin,
  },
  admin: {
    useAsTitle: 'filename',
    defaultColumns: ['filename', 'alt', 'mimeType', 'filesize', 'uploadedBy', 'updatedAt'],
  },
  labels: {
    singular: { ru: 'Файл', en: 'File' },
    plural: { ru: 'Файлы', en: 'Files' },
  },
  fields: [
    {
      name: 'alt',
      type: 'text',
      label: { ru: 'Описание изображения', en: 'Alternative text' },
      localized: true,
    },
    {
      name: 'uploadedBy',
      type: 'relationship',
      label: { ru: 'Загрузил', en: 'Uploaded by' },
      relationTo: 'users',
      access: { create: () => false, update: () => false },
      admin: { position: 'sidebar', readOnly: true },
    },
  ],
  hooks: {
    beforeOperation: [rejectDisallowedUpload({ mimeTypes: IMAGE_MIME_TYPES })],
    beforeValidate: [refuseNonTextValues],
    beforeChange: [keepTimestamps, setUploadedBy],
  },
  upload: {
    staticDir: mediaDir(),
    mimeTypes: IMAGE_MIME_TYPES,
    focalPoint: true,
    formatOptions: { format: 'webp', options: { quality: 85 } },
    imageSizes: [
      { name: 'thumbnail', width: 160, height: 160, position: 'centre' },
      { name: 'card', width: 480, height: 320, position: 'centre' },
      // An article's hero and Open Graph picture, and pictures inside its text.
      { name: 'hero', width: 1200, height: 630, position: 'centre' },
      { name: 'wide', width: 960, withoutEnlargement: true },
    ],
    adminThumbnail: 'thumbnail',
    // Public pictures, on disk or in the bucket alike: a day in browsers and shared caches (a
    // filename stands for one upload; a replaced picture gets a name of its own).
    modifyResponseHeaders: ({ headers }) => {
      headers.set('Cache-Control', 'public, max-age=86400')
      return headers
    },
  },
}
