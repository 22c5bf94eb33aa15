import type { CollectionConfig } from 'payload'

import { DELETION_ACTORS, type DeletionCount } from '@/lib/accountDeletion'
import { adminOnly } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { writtenByServerOnly } from '@access/nobody'

import { type Label, ROLE_OPTIONS, jsonValuesField, labelledOptions } from './labels'

/** What `counts` holds, as the admin names it (hooks/users/eraseAccount.ts counts them). */
const COUNT_LABELS: Record<DeletionCount, Label> = {
  reviews: { ru: 'Отзывы', en: 'Reviews' },
  votes: { ru: 'Отметки «полезно»', en: 'Helpful votes' },
  reports: { ru: 'Жалобы', en: 'Reports' },
  comments: { ru: 'Комментарии', en: 'Comments' },
  favorites: { ru: 'Избранное', en: 'Favorites' },
  contacts: { ru: 'Сообщения через форму связи', en: 'Contact messages' },
  pendingVerification: {
    ru: 'Заявки на верификацию без решения',
    en: 'Undecided verification requests',
  },
  files: { ru: 'Файлы', en: 'Files' },
  notifications: { ru: 'Уведомления другим', en: "Others' notifications" },
  mails: { ru: 'Неотправленные письма', en: 'Unsent mails' },
  closedTickets: { ru: 'Закрытые обращения (сохранены)', en: 'Tickets closed (kept)' },
  keptChatMessages: { ru: 'Сообщения в чате (сохранены)', en: 'Chat messages (kept)' },
  keptReplies: { ru: 'Ответы на отзывы (сохранены)', en: 'Replies to reviews (kept)' },
}

/**
 * The log of deleted accounts (issue 44): one row for each, written by the users collection's
 * `recordAccountDeletion` hook whatever the door, that keeps nothing of the person: not their id,
 * login, email or name; only when, whether they or an admin (which one) did it, the role the
 * account had and how many of its records were removed or kept. Admins read it; nobody changes
 * or removes it.
 */
export const AccountDeletions: CollectionConfig = {
  slug: 'account-deletions',
  access: writtenByServerOnly(adminOnly),
  admin: {
    useAsTitle: 'id',
    defaultColumns: ['createdAt', 'by', 'admin', 'role', 'counts'],
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: { ru: 'Удаление аккаунта', en: 'Account deletion' },
    plural: { ru: 'Журнал удалений аккаунтов', en: 'Account deletion log' },
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'by',
      type: 'select',
      label: { ru: 'Кто удалил', en: 'Deleted by' },
      required: true,
      options: labelledOptions(DELETION_ACTORS, {
        self: { ru: 'Сам участник', en: 'The member' },
        admin: { ru: 'Администратор', en: 'An admin' },
      }),
    },
    {
      // The admin who carried it out; empty when the member did, or the server (a script).
      name: 'admin',
      type: 'relationship',
      label: { ru: 'Администратор', en: 'Admin' },
      relationTo: 'users',
    },
    {
      name: 'role',
      type: 'select',
      label: { ru: 'Роль аккаунта', en: "The account's role" },
      required: true,
      options: ROLE_OPTIONS,
    },
    {
      // {reviews, comments, files, …, chat, tickets}: how many were removed, how many kept.
      name: 'counts',
      type: 'json',
      label: { ru: 'Удалено и сохранено', en: 'Removed and kept' },
      admin: { components: { Field: jsonValuesField({ keys: COUNT_LABELS }) } },
    },
  ],
}
