import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { nobody } from '@access/nobody'
import { keepsSavedReplies } from '@access/support'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'
import type { SavedReply } from '@payload-types'

import { SUPPORT_GROUP } from './Tickets'

/** Who wrote a saved reply, whatever the door; kept as it was when someone else edits it. */
const recordAuthor: CollectionBeforeChangeHook<SavedReply> = ({ data, operation, req }) =>
  operation === 'create' ? { ...data, createdBy: req.user?.id ?? null } : data

/**
 * Support's saved replies (issue 42): texts that those who answer tickets and the contact form's
 * messages keep once and insert into a reply (the ticket's thread, the contact reply's dialog),
 * then adapt. Shared by the whole team; nobody else reaches them by any door. They hold the
 * team's own words and who wrote each (`createdBy`, emptied when that account is deleted), kept
 * until the team deletes them; no member's export includes them.
 */
export const SavedReplies: CollectionConfig = {
  slug: 'saved-replies',
  access: {
    read: keepsSavedReplies,
    create: keepsSavedReplies,
    update: keepsSavedReplies,
    delete: keepsSavedReplies,
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'text', 'updatedAt'],
    hidden: hiddenUnlessAdmin,
    group: SUPPORT_GROUP,
    description: {
      ru: 'Заготовки ответов для тикетов и сообщений с сайта: их вставляют в поле ответа на сайте и дописывают.',
      en: 'Ready-made replies for tickets and contact messages: inserted into the reply box on the site, then adapted.',
    },
  },
  labels: {
    singular: { ru: 'Заготовка ответа', en: 'Saved reply' },
    plural: { ru: 'Заготовки ответов', en: 'Saved replies' },
  },
  defaultSort: 'title',
  fields: [
    {
      name: 'title',
      type: 'text',
      label: { ru: 'Название', en: 'Title' },
      required: true,
      maxLength: LIMITS.subjectMax,
      admin: {
        description: {
          ru: 'Как заготовка называется в списке при ответе.',
          en: 'What the list calls it when you reply.',
        },
      },
    },
    {
      name: 'text',
      type: 'textarea',
      label: { ru: 'Текст', en: 'Text' },
      required: true,
      maxLength: LIMITS.messageMax,
    },
    {
      name: 'createdBy',
      type: 'relationship',
      label: { ru: 'Автор', en: 'Written by' },
      relationTo: 'users',
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [recordAuthor],
  },
}
