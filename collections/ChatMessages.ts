import type { Access, CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { canModerateChat } from '@/lib/roles'
import { authenticated } from '@access/authenticated'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { nobody } from '@access/nobody'
import { only } from '@access/only'
import { announceChatChange, prepareChatMessage } from '@hooks/chat/chatMessages'
import { notifyChatMentions } from '@hooks/notifications/events'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'

import { requiredWhenCreated } from './validators'

/**
 * Everyone reads the room (a removed message only its moderators, canModerateChat); a site-blocked
 * account has no session.
 */
const readRoom: Access = ({ req: { user } }) =>
  canModerateChat(user) ? true : { removed: { not_equals: true } }

/**
 * The live chat's messages. Whatever the door (the site's calls, REST, GraphQL, the admin), a
 * message is its writer's, plain text within the length limit, refused to a user blocked in chat
 * and past the per-user rate limit. Its moderators (canModerateChat) remove one by ticking
 * `removed` (nobody deletes: old messages are kept); each change takes the room's next `seq`, the
 * order in which readers get the room's events and from which a reconnecting reader resumes
 * (src/server/chat).
 */
export const ChatMessages: CollectionConfig = {
  slug: 'chat-messages',
  access: { read: readRoom, create: authenticated, update: only(canModerateChat), delete: nobody },
  admin: {
    useAsTitle: 'text',
    defaultColumns: ['text', 'author', 'removed', 'createdAt'],
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: { ru: 'Сообщение чата', en: 'Chat message' },
    plural: { ru: 'Сообщения чата', en: 'Chat messages' },
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'author',
      type: 'relationship',
      label: { ru: 'Автор', en: 'Author' },
      relationTo: 'users',
      // Emptied when the account is deleted: the record stays, from a deleted member.
      validate: requiredWhenCreated,
      index: true,
      access: { update: nobody },
      admin: { readOnly: true },
    },
    {
      name: 'text',
      type: 'textarea',
      label: { ru: 'Текст', en: 'Text' },
      required: true,
      maxLength: LIMITS.chatMessageMax,
      access: { update: nobody },
    },
    {
      name: 'removed',
      type: 'checkbox',
      label: { ru: 'Удалено', en: 'Removed' },
      defaultValue: false,
      index: true,
      access: { create: nobody, update: only(canModerateChat) },
    },
    {
      name: 'removedBy',
      type: 'relationship',
      label: { ru: 'Кто удалил', en: 'Removed by' },
      relationTo: 'users',
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, condition: (data) => Boolean(data?.removed) },
    },
    {
      name: 'removedAt',
      type: 'date',
      label: { ru: 'Когда удалено', en: 'Removed at' },
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, condition: (data) => Boolean(data?.removed) },
    },
    {
      // The room's order of events: set by prepareChatMessage on each create and removal.
      name: 'seq',
      type: 'number',
      label: { ru: 'Номер события', en: 'Event number' },
      index: true,
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, hidden: true },
    },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    beforeChange: [prepareChatMessage],
    afterChange: [announceChatChange, notifyChatMentions],
  },
}
