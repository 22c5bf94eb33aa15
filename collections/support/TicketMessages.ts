import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { adminOnly } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { nobody } from '@access/nobody'
import { canReadTicketMessage } from '@access/support'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'
import { threadTicketMessage, updateTicketOnMessage } from '@hooks/support/threadTicketMessage'

import { SUPPORT_GROUP } from './Tickets'

/**
 * One message of a ticket's thread, from its author or from support. The ticket's author and
 * staff read it; members write through the site's calls (`/add-requests`, `/reply-ticket`),
 * admins also in the admin; the thread's rules are its hooks', on every door.
 */
export const TicketMessages: CollectionConfig = {
  slug: 'ticket-messages',
  access: {
    read: canReadTicketMessage,
    create: adminOnly,
    update: adminOnly,
    delete: adminOnly,
  },
  admin: {
    useAsTitle: 'body',
    defaultColumns: ['body', 'ticket', 'author', 'fromSupport', 'createdAt'],
    hidden: hiddenUnlessAdmin,
    group: SUPPORT_GROUP,
  },
  labels: {
    singular: { ru: 'Сообщение обращения', en: 'Ticket message' },
    plural: { ru: 'Сообщения обращений', en: 'Ticket messages' },
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'ticket',
      type: 'relationship',
      label: { ru: 'Обращение', en: 'Ticket' },
      relationTo: 'tickets',
      required: true,
      index: true,
    },
    {
      name: 'body',
      type: 'textarea',
      label: { ru: 'Текст', en: 'Text' },
      required: true,
      maxLength: LIMITS.messageMax,
    },
    {
      name: 'attachments',
      type: 'upload',
      label: { ru: 'Вложения', en: 'Attachments' },
      relationTo: 'attachments',
      hasMany: true,
      maxRows: LIMITS.attachmentsMax,
    },
    {
      name: 'author',
      type: 'relationship',
      label: { ru: 'Автор', en: 'Author' },
      relationTo: 'users',
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'fromSupport',
      type: 'checkbox',
      label: { ru: 'Ответ поддержки', en: 'From support' },
      defaultValue: false,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'ticketAuthor',
      type: 'relationship',
      label: { ru: 'Автор обращения', en: "Ticket's author" },
      relationTo: 'users',
      index: true,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [threadTicketMessage],
    afterChange: [updateTicketOnMessage],
  },
}
