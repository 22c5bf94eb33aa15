import type { CollectionConfig } from 'payload'

import { SECURITY_EVENT_KINDS } from '@/lib/accountSecurity'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { writtenByServerOnly } from '@access/nobody'
import { ownRowsOrAdmin } from '@access/ownRows'

import { labelledOptions, siteTerm } from './labels'

/**
 * The security log: sign-ins and failed attempts, sessions ended, second-factor, password and
 * email changes, backup codes, new browsers; each with its time, the client's address and device.
 * Written only by the server (src/server/accountSecurity/events.ts), in the transaction of what
 * it records; its user and admins read it; no door creates, edits or removes a row.
 */
export const SecurityEvents: CollectionConfig = {
  slug: 'security-events',
  access: writtenByServerOnly(ownRowsOrAdmin('user')),
  admin: {
    useAsTitle: 'kind',
    defaultColumns: ['user', 'kind', 'address', 'device', 'createdAt'],
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: { ru: 'Событие безопасности', en: 'Security event' },
    plural: { ru: 'Журнал безопасности', en: 'Security log' },
  },
  defaultSort: '-createdAt',
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
    {
      name: 'kind',
      type: 'select',
      label: { ru: 'Событие', en: 'Event' },
      required: true,
      options: labelledOptions(
        SECURITY_EVENT_KINDS,
        Object.fromEntries(
          SECURITY_EVENT_KINDS.map((kind) => [kind, siteTerm(`account-security.kind-${kind}`)]),
        ) as never,
      ),
    },
    { name: 'address', type: 'text', label: { ru: 'Адрес', en: 'Address' } },
    { name: 'device', type: 'text', label: { ru: 'Устройство', en: 'Device' } },
    {
      // What the event concerns, as a short code: the second factor's method, how many sessions.
      name: 'detail',
      type: 'text',
      label: { ru: 'Подробности', en: 'Detail' },
    },
  ],
}
