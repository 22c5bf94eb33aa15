import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { TICKET_STATUSES } from '@/lib/support'
import { adminOnly, adminOnlyFieldAccess } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { nobody } from '@access/nobody'
import { relationId } from '@access/resources'
import { canReadTicket } from '@access/support'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'
import type { Ticket, User } from '@payload-types'

import { labelledOptions } from '../labels'
import { requiredWhenCreated } from '../validators'

export const SUPPORT_GROUP = { ru: 'Поддержка', en: 'Support' }

/**
 * A new ticket is its sender's and waits for support from the moment it is sent; closing one
 * stamps when. The bookkeeping fields (`unreadByAuthor`, `waitingSince`, `lastMessageAt`) move
 * with the thread (threadTicketMessage), never by a request.
 */
const stampTicket: CollectionBeforeChangeHook<Ticket> = ({ data, operation, originalDoc, req }) => {
  const now = new Date().toISOString()
  if (operation === 'create') {
    const user = req.user as User | null
    return {
      ...data,
      author: user?.id ?? relationId(data.author),
      status: 'open',
      unreadByAuthor: false,
      waitingSince: now,
      lastMessageAt: now,
      closedAt: null,
    }
  }
  if (data.status === 'closed' && originalDoc?.status !== 'closed') {
    return { ...data, closedAt: now, waitingSince: null }
  }
  if (data.status && data.status !== 'closed') return { ...data, closedAt: null }
  return data
}

/**
 * A support request: its subject and state; the thread is `ticket-messages`. Its author and
 * staff read it, on every door; only the site's calls open one (`POST /add-requests`, after the
 * file and rate rules) and close one; admins also change its state in the admin.
 */
export const Tickets: CollectionConfig = {
  slug: 'tickets',
  access: {
    read: canReadTicket,
    create: nobody,
    update: adminOnly,
    delete: adminOnly,
  },
  admin: {
    useAsTitle: 'subject',
    defaultColumns: ['id', 'subject', 'author', 'status', 'waitingSince', 'lastMessageAt'],
    hidden: hiddenUnlessAdmin,
    group: SUPPORT_GROUP,
    listSearchableFields: ['subject'],
  },
  labels: {
    singular: { ru: 'Обращение', en: 'Ticket' },
    plural: { ru: 'Обращения', en: 'Tickets' },
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'subject',
      type: 'text',
      label: { ru: 'Тема', en: 'Subject' },
      required: true,
      maxLength: LIMITS.subjectMax,
      access: { update: nobody },
    },
    {
      name: 'author',
      type: 'relationship',
      label: { ru: 'Автор', en: 'Author' },
      relationTo: 'users',
      // Emptied when the account is deleted: the record stays, from a deleted member.
      validate: requiredWhenCreated,
      index: true,
      access: { update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'status',
      type: 'select',
      label: { ru: 'Статус', en: 'Status' },
      required: true,
      defaultValue: 'open',
      index: true,
      options: labelledOptions(TICKET_STATUSES, {
        open: { ru: 'Ждёт ответа', en: 'Waiting for support' },
        answered: { ru: 'Отвечено', en: 'Answered' },
        closed: { ru: 'Закрыто', en: 'Closed' },
      }),
      access: { update: adminOnlyFieldAccess },
      admin: { position: 'sidebar' },
    },
    {
      name: 'unreadByAuthor',
      type: 'checkbox',
      label: { ru: 'Автор не прочёл ответ', en: 'Unread by its author' },
      defaultValue: false,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'waitingSince',
      type: 'date',
      label: { ru: 'Ждёт с', en: 'Waiting since' },
      index: true,
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'lastMessageAt',
      type: 'date',
      label: { ru: 'Последнее сообщение', en: 'Last message' },
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'closedAt',
      type: 'date',
      label: { ru: 'Закрыто', en: 'Closed on' },
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'messages',
      type: 'join',
      label: { ru: 'Переписка', en: 'Thread' },
      collection: 'ticket-messages',
      on: 'ticket',
      defaultSort: 'createdAt',
      admin: { defaultColumns: ['body', 'author', 'fromSupport', 'createdAt'] },
    },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [stampTicket],
  },
}
