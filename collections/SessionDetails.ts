import type { CollectionConfig } from 'payload'

import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { writtenByServerOnly } from '@access/nobody'
import { ownRowsOrAdmin } from '@access/ownRows'

/**
 * What is known of each sign-in session beside Payload's own record of it (`users.sessions`: id
 * and expiry), keyed by the session's id (`sid`, in its token): the device and browser, the
 * client's address, first seen (created) and last seen. Written only by the server
 * (src/server/accountSecurity/sessions.ts) when a session starts and, at most every few minutes,
 * when it is used; a session ended leaves its row, which is how a browser is known again. Its user
 * and admins read it; no door writes it.
 */
export const SessionDetails: CollectionConfig = {
  slug: 'session-details',
  access: writtenByServerOnly(ownRowsOrAdmin('user')),
  admin: {
    useAsTitle: 'sid',
    defaultColumns: ['user', 'browser', 'os', 'address', 'createdAt', 'lastSeenAt'],
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: { ru: 'Сеанс', en: 'Session' },
    plural: { ru: 'Сеансы', en: 'Sessions' },
  },
  defaultSort: '-lastSeenAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'sid',
      type: 'text',
      label: { ru: 'Номер сеанса', en: 'Session id' },
      required: true,
      unique: true,
      index: true,
    },
    {
      name: 'user',
      type: 'relationship',
      label: { ru: 'Пользователь', en: 'User' },
      relationTo: 'users',
      required: true,
      index: true,
    },
    { name: 'browser', type: 'text', label: { ru: 'Браузер', en: 'Browser' } },
    { name: 'os', type: 'text', label: { ru: 'Система', en: 'System' } },
    { name: 'deviceType', type: 'text', label: { ru: 'Устройство', en: 'Device' } },
    { name: 'deviceModel', type: 'text', label: { ru: 'Модель', en: 'Model' } },
    {
      // Browser, system and kind of device without versions: what "a browser seen before" means.
      name: 'deviceKey',
      type: 'text',
      label: { ru: 'Ключ браузера', en: 'Browser key' },
      index: true,
    },
    { name: 'address', type: 'text', label: { ru: 'Адрес', en: 'Address' } },
    {
      name: 'lastSeenAt',
      type: 'date',
      label: { ru: 'Последняя активность', en: 'Last seen' },
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    },
  ],
}
