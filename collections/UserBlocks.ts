import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { BLOCK_ACTIONS, BLOCK_SCOPES } from '@/lib/users'
import { adminOnly } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { nobody } from '@access/nobody'

import { labelledOptions } from './labels'

/**
 * The audit of blocks: one record for each time an account was blocked or unblocked, on the
 * whole site or in the chat, by whatever door (the site's /block-user, the admin, REST): who,
 * when and why. Written only by the users collection's `recordBlocks` hook; admins read it, and
 * nobody changes or removes it.
 */
export const UserBlocks: CollectionConfig = {
  slug: 'user-blocks',
  access: { read: adminOnly, create: nobody, update: nobody, delete: nobody },
  admin: {
    useAsTitle: 'id',
    defaultColumns: ['user', 'login', 'scope', 'action', 'reason', 'by', 'createdAt'],
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: { ru: 'Блокировка', en: 'Block' },
    plural: { ru: 'Журнал блокировок', en: 'Block log' },
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'user',
      type: 'relationship',
      label: { ru: 'Пользователь', en: 'User' },
      relationTo: 'users',
      index: true,
    },
    {
      // The account's login when it was recorded: the record outlives a deleted account.
      name: 'login',
      type: 'text',
      label: { ru: 'Логин', en: 'Login' },
    },
    {
      name: 'scope',
      type: 'select',
      label: { ru: 'Где', en: 'Where' },
      required: true,
      options: labelledOptions(BLOCK_SCOPES, {
        site: { ru: 'На всём сайте', en: 'Whole site' },
        chat: { ru: 'В чате', en: 'Chat' },
      }),
    },
    {
      name: 'action',
      type: 'select',
      label: { ru: 'Действие', en: 'Action' },
      required: true,
      options: labelledOptions(BLOCK_ACTIONS, {
        block: { ru: 'Заблокирован', en: 'Blocked' },
        unblock: { ru: 'Разблокирован', en: 'Unblocked' },
      }),
    },
    {
      name: 'reason',
      type: 'textarea',
      label: { ru: 'Причина', en: 'Reason' },
      maxLength: LIMITS.blockReasonMax,
    },
    {
      // Empty when the system acted (a script, the seed).
      name: 'by',
      type: 'relationship',
      label: { ru: 'Кто', en: 'By' },
      relationTo: 'users',
    },
  ],
}
