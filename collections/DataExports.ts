import type { CollectionConfig } from 'payload'

import { exportsDir } from '@/server/env'

const nobody = () => false

/**
 * A member's archive of everything the site holds about them ("Download my data", issue 44):
 * asked for with `POST /api/request-data-export`, built by the jobs queue
 * (src/server/dataExport), offered once for a day to its member only through
 * `GET /api/download-data-export`, then removed by the hourly clean-up. No door of Payload's
 * reaches it: every access is closed on its REST routes (its file route included), it has no
 * GraphQL type and no admin screen; only the server's own code reads and writes it.
 */
export const DataExports: CollectionConfig = {
  slug: 'data-exports',
  graphQL: false,
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  admin: { hidden: true },
  labels: {
    singular: { ru: 'Архив данных', en: 'Data archive' },
    plural: { ru: 'Архивы данных', en: 'Data archives' },
  },
  fields: [
    {
      name: 'user',
      type: 'relationship',
      relationTo: 'users',
      required: true,
      index: true,
      label: { ru: 'Участник', en: 'Member' },
    },
    // Pending until the queue has built it (one that stays pending too long counts as failed).
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      label: { ru: 'Состояние', en: 'Status' },
      options: [
        { value: 'pending', label: { ru: 'Готовится', en: 'Being built' } },
        { value: 'ready', label: { ru: 'Готов', en: 'Ready' } },
      ],
    },
    // The language of the archive's README and of the mail that says it is ready.
    {
      name: 'locale',
      type: 'select',
      required: true,
      label: { ru: 'Язык', en: 'Language' },
      options: [
        { value: 'ru', label: { ru: 'Русский', en: 'Russian' } },
        { value: 'en', label: { ru: 'Английский', en: 'English' } },
      ],
    },
    // The download link's secret (random, 32 bytes): the link works once, for its member only.
    { name: 'token', type: 'text', index: true, label: { ru: 'Ключ ссылки', en: 'Link key' } },
    { name: 'readyAt', type: 'date', label: { ru: 'Готов', en: 'Ready at' } },
    {
      name: 'expiresAt',
      type: 'date',
      index: true,
      label: { ru: 'Действует до', en: 'Expires at' },
    },
    { name: 'downloadedAt', type: 'date', label: { ru: 'Скачан', en: 'Downloaded at' } },
  ],
  upload: {
    staticDir: exportsDir(),
    mimeTypes: ['application/zip'],
    filesRequiredOnCreate: false,
  },
}
