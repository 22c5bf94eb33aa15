import type { CollectionConfig } from 'payload'

import { LIMITS } from '@/lib/limits'
import { adminOnly } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { nobody } from '@access/nobody'
import { canAddSignedMirrorList, canReadSignedMirrorList } from '@access/signedMirrorLists'
import {
  expireResourcePageOfList,
  verifySignedMirrorList,
} from '@hooks/mirrors/verifySignedMirrorList'

/**
 * A resource's mirror list, clearsigned by its operators' key (issue 31): the message exactly as
 * it was pasted, so a visitor can check the download with gpg. Created only through
 * `verifySignedMirrorList`; nobody edits one; the latest marks the resource page's addresses.
 */
export const SignedMirrorLists: CollectionConfig = {
  slug: 'signed-mirror-lists',
  access: {
    read: canReadSignedMirrorList,
    create: canAddSignedMirrorList,
    update: nobody,
    delete: adminOnly,
  },
  admin: {
    useAsTitle: 'id',
    defaultColumns: ['resource', 'signedAt', 'fingerprint', 'createdAt'],
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: { ru: 'Подписанный список зеркал', en: 'Signed mirror list' },
    plural: { ru: 'Подписанные списки зеркал', en: 'Signed mirror lists' },
  },
  defaultSort: '-signedAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'resource',
      type: 'relationship',
      label: { ru: 'Ресурс', en: 'Resource' },
      relationTo: 'resources',
      required: true,
      index: true,
    },
    {
      name: 'message',
      type: 'textarea',
      label: {
        ru: 'Подписанное сообщение (gpg --clearsign)',
        en: 'Signed message (gpg --clearsign)',
      },
      required: true,
      maxLength: LIMITS.signedListMax,
    },
    {
      name: 'signedAt',
      type: 'date',
      label: { ru: 'Подписан', en: 'Signed on' },
      index: true,
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'fingerprint',
      type: 'text',
      label: { ru: 'Отпечаток ключа', en: 'Key fingerprint' },
      access: { create: nobody, update: nobody },
      admin: { readOnly: true },
    },
    {
      name: 'addresses',
      type: 'json',
      label: { ru: 'Адреса', en: 'Addresses' },
      access: { create: nobody, update: nobody },
      // Not in the admin, whose JSON editor loads from a CDN: the message shows the addresses.
      admin: { readOnly: true, hidden: true },
    },
    {
      name: 'addedBy',
      type: 'relationship',
      label: { ru: 'Добавил', en: 'Added by' },
      relationTo: 'users',
      access: { create: nobody, update: nobody },
      admin: { readOnly: true },
    },
  ],
  hooks: {
    beforeChange: [verifySignedMirrorList],
    afterChange: [expireResourcePageOfList],
    afterDelete: [({ doc, req }) => expireResourcePageOfList({ doc, req } as never)],
  },
}
