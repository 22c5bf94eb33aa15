import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { handlesContactMessages, replyNotYetSent } from '@access/contactMessages'
import { nobody } from '@access/nobody'
import { mailContactReply, recordContactHandling } from '@hooks/contacts/handleContactMessage'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'

/** What the visitor sent, and what the hooks record: shown, never changed, by any door. */
const SENT = { access: { update: nobody } }
const RECORDED = { access: { create: nobody, update: nobody } }

/** The admin shows a read-only field only when it holds something (no empty pickers). */
const whenSet = (name: string) => (data: Partial<Record<string, unknown>>) => {
  const value = data?.[name]
  return Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined
}

/**
 * What visitors send through the contact form (`POST /add-contacts`). Only that call stores them,
 * after the reCAPTCHA, the rate limit and the file rules. Admins read them (the site's queue at
 * /moderation/contacts, or here), mark them processed and reply once by email: saving `reply`
 * mails it to the sender and records who and when (recordContactHandling, mailContactReply).
 * Nobody changes what the visitor sent.
 */
export const ContactMessages: CollectionConfig = {
  slug: 'contact-messages',
  access: {
    read: handlesContactMessages,
    create: nobody,
    update: handlesContactMessages,
    delete: handlesContactMessages,
  },
  admin: {
    useAsTitle: 'subject',
    defaultColumns: ['subject', 'name', 'email', 'handled', 'createdAt'],
    hidden: hiddenUnlessAdmin,
    group: { ru: 'Модерация', en: 'Moderation' },
  },
  labels: {
    singular: { ru: 'Сообщение с сайта', en: 'Contact message' },
    plural: { ru: 'Сообщения с сайта', en: 'Contact messages' },
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'name',
      type: 'text',
      label: { ru: 'Имя', en: 'Name' },
      required: true,
      maxLength: LIMITS.nameMax,
      ...SENT,
      admin: { readOnly: true },
    },
    {
      name: 'email',
      type: 'email',
      label: { ru: 'E-mail', en: 'Email' },
      required: true,
      ...SENT,
      admin: { readOnly: true },
    },
    {
      name: 'subject',
      type: 'text',
      label: { ru: 'Тема', en: 'Subject' },
      required: true,
      maxLength: LIMITS.subjectMax,
      ...SENT,
      admin: { readOnly: true },
    },
    {
      name: 'message',
      type: 'textarea',
      label: { ru: 'Сообщение', en: 'Message' },
      required: true,
      maxLength: LIMITS.messageMax,
      ...SENT,
      admin: { readOnly: true },
    },
    {
      name: 'attachments',
      type: 'upload',
      label: { ru: 'Вложения', en: 'Attachments' },
      relationTo: 'attachments',
      hasMany: true,
      maxRows: LIMITS.attachmentsMax,
      ...SENT,
      admin: { readOnly: true, condition: whenSet('attachments') },
    },
    {
      name: 'sender',
      type: 'relationship',
      label: { ru: 'Пользователь', en: 'Signed-in sender' },
      relationTo: 'users',
      ...SENT,
      admin: { position: 'sidebar', readOnly: true, condition: whenSet('sender') },
    },
    {
      name: 'locale',
      type: 'select',
      label: { ru: 'Язык', en: 'Language' },
      options: [
        { value: 'ru', label: { ru: 'Русский', en: 'Russian' } },
        { value: 'en', label: { ru: 'Английский', en: 'English' } },
      ],
      ...SENT,
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'handled',
      type: 'checkbox',
      label: { ru: 'Обработано', en: 'Handled' },
      defaultValue: false,
      index: true,
      admin: { position: 'sidebar' },
    },
    {
      name: 'handledBy',
      type: 'relationship',
      label: { ru: 'Обработал(а)', en: 'Handled by' },
      relationTo: 'users',
      ...RECORDED,
      admin: { position: 'sidebar', readOnly: true, condition: whenSet('handledAt') },
    },
    {
      name: 'handledAt',
      type: 'date',
      label: { ru: 'Когда обработано', en: 'Handled on' },
      ...RECORDED,
      admin: {
        position: 'sidebar',
        readOnly: true,
        condition: whenSet('handledAt'),
        date: { pickerAppearance: 'dayAndTime' },
      },
    },
    {
      name: 'reply',
      type: 'textarea',
      label: { ru: 'Ответ по e-mail', en: 'Reply by email' },
      maxLength: LIMITS.messageMax,
      access: { create: nobody, update: replyNotYetSent },
      admin: {
        description: {
          ru: 'При сохранении ответ уходит отправителю на его e-mail, а сообщение отмечается обработанным. Отправленный ответ изменить нельзя.',
          en: 'Saving sends the reply to the sender’s email and marks the message processed. A sent reply cannot be changed.',
        },
      },
    },
    {
      name: 'repliedBy',
      type: 'relationship',
      label: { ru: 'Ответил(а)', en: 'Replied by' },
      relationTo: 'users',
      ...RECORDED,
      admin: { position: 'sidebar', readOnly: true, condition: whenSet('repliedAt') },
    },
    {
      name: 'repliedAt',
      type: 'date',
      label: { ru: 'Когда ответили', en: 'Replied on' },
      ...RECORDED,
      admin: {
        position: 'sidebar',
        readOnly: true,
        condition: whenSet('repliedAt'),
        date: { pickerAppearance: 'dayAndTime' },
      },
    },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [recordContactHandling],
    afterChange: [mailContactReply],
  },
}
