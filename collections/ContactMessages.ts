import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { adminOnly } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'

const nobody = () => false

/**
 * What visitors send through the contact form (`POST /add-contacts`). Only that call stores them,
 * after the reCAPTCHA, the rate limit and the file rules; only admins read and handle them.
 */
export const ContactMessages: CollectionConfig = {
  slug: 'contact-messages',
  access: {
    read: adminOnly,
    create: nobody,
    update: adminOnly,
    delete: adminOnly,
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
      access: { update: nobody },
    },
    {
      name: 'email',
      type: 'email',
      label: { ru: 'E-mail', en: 'Email' },
      required: true,
      access: { update: nobody },
    },
    {
      name: 'subject',
      type: 'text',
      label: { ru: 'Тема', en: 'Subject' },
      required: true,
      maxLength: LIMITS.subjectMax,
      access: { update: nobody },
    },
    {
      name: 'message',
      type: 'textarea',
      label: { ru: 'Сообщение', en: 'Message' },
      required: true,
      maxLength: LIMITS.messageMax,
      access: { update: nobody },
    },
    {
      name: 'attachments',
      type: 'upload',
      label: { ru: 'Вложения', en: 'Attachments' },
      relationTo: 'attachments',
      hasMany: true,
      maxRows: LIMITS.attachmentsMax,
      access: { update: nobody },
    },
    {
      name: 'sender',
      type: 'relationship',
      label: { ru: 'Пользователь', en: 'Signed-in sender' },
      relationTo: 'users',
      access: { update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'locale',
      type: 'select',
      label: { ru: 'Язык', en: 'Language' },
      options: [
        { value: 'ru', label: { ru: 'Русский', en: 'Russian' } },
        { value: 'en', label: { ru: 'Английский', en: 'English' } },
      ],
      access: { update: nobody },
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
  ],
  hooks: { beforeValidate: [refuseNonTextValues] },
}
