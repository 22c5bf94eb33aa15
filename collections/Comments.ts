import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { adminOnlyFieldAccess as adminOnly } from '@access/adminOnly'
import { authenticated } from '@access/authenticated'
import {
  authorOrModerator,
  canReadComment,
  isModerator,
  moderatorsOnlyFieldAccess,
} from '@access/content'
import { nobody } from '@access/nobody'
import { validateComment } from '@hooks/content/validateComment'
import { keepTimestamps } from '@hooks/keepTimestamps'
import { notifyCommentReply } from '@hooks/notifications/events'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'

import { CONTENT_GROUP } from './content/fields'
import { labelledOptions } from './labels'

/**
 * A reader's comment on a news item or a post: plain text, shown as text with its links made safe.
 * Editors and admins hide abusive ones, which then vanish for everyone else.
 */
export const Comments: CollectionConfig = {
  slug: 'comments',
  access: {
    read: canReadComment,
    create: authenticated,
    update: authorOrModerator,
    delete: authorOrModerator,
  },
  admin: {
    useAsTitle: 'text',
    defaultColumns: ['text', 'author', 'news', 'post', 'status', 'createdAt'],
    group: CONTENT_GROUP,
    hidden: ({ user }) => !isModerator(user as Parameters<typeof isModerator>[0]),
  },
  labels: {
    singular: { ru: 'Комментарий', en: 'Comment' },
    plural: { ru: 'Комментарии', en: 'Comments' },
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'news',
      type: 'relationship',
      label: { ru: 'Новость', en: 'News item' },
      relationTo: 'news',
      index: true,
      access: { update: nobody },
    },
    {
      name: 'post',
      type: 'relationship',
      label: { ru: 'Статья', en: 'Post' },
      relationTo: 'posts',
      index: true,
      access: { update: nobody },
    },
    {
      name: 'author',
      type: 'relationship',
      label: { ru: 'Автор', en: 'Author' },
      relationTo: 'users',
      required: true,
      index: true,
      access: { update: adminOnly },
    },
    {
      // The comment this one answers: a published comment on the same article (validateComment).
      name: 'replyTo',
      type: 'relationship',
      label: { ru: 'Ответ на комментарий', en: 'In reply to' },
      relationTo: 'comments',
      index: true,
      access: { update: nobody },
    },
    {
      name: 'text',
      type: 'textarea',
      label: { ru: 'Текст', en: 'Text' },
      required: true,
      maxLength: LIMITS.commentMax,
    },
    {
      name: 'status',
      type: 'select',
      label: { ru: 'Статус', en: 'Status' },
      required: true,
      defaultValue: 'published',
      index: true,
      options: labelledOptions(['published', 'hidden'], {
        published: { ru: 'Виден всем', en: 'Visible' },
        hidden: { ru: 'Скрыт модератором', en: 'Hidden by a moderator' },
      }),
      access: { create: moderatorsOnlyFieldAccess, update: moderatorsOnlyFieldAccess },
      admin: { position: 'sidebar' },
    },
    {
      name: 'editedAt',
      type: 'date',
      label: { ru: 'Изменён', en: 'Edited on' },
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [keepTimestamps, validateComment],
    afterChange: [notifyCommentReply],
  },
}
