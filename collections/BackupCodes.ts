import type { CollectionConfig } from 'payload'

import { nobody, writtenByServerOnly } from '@access/nobody'

/**
 * Backup codes for the second factor: ten per generation, each kept only as a salted scrypt hash
 * (src/server/accountSecurity/backupCodes.ts), spent once (`usedAt`, set by one conditional
 * UPDATE). A new generation and turning the second factor off remove the old ones. Never exposed
 * through any door.
 */
export const BackupCodes: CollectionConfig = {
  slug: 'backup-codes',
  access: writtenByServerOnly(nobody),
  admin: { hidden: true, useAsTitle: 'id' },
  labels: {
    singular: { ru: 'Резервный код', en: 'Backup code' },
    plural: { ru: 'Резервные коды', en: 'Backup codes' },
  },
  disableDuplicate: true,
  fields: [
    {
      name: 'user',
      type: 'relationship',
      label: { ru: 'Пользователь', en: 'User' },
      relationTo: 'users',
      required: true,
      index: true,
    },
    { name: 'codeHash', type: 'text', label: { ru: 'Хеш кода', en: 'Code hash' }, required: true },
    { name: 'salt', type: 'text', label: { ru: 'Соль', en: 'Salt' }, required: true },
    { name: 'usedAt', type: 'date', label: { ru: 'Использован', en: 'Used on' } },
  ],
}
