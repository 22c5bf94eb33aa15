import type { Field } from 'payload'

import { LIMITS } from '@/lib/limits'
import { adminOnlyFieldAccess as adminOnly } from '@access/adminOnly'
import { nobody } from '@access/nobody'

/** A resource's signing key and the new key that waits for an admin's decision. */
export const PGP_KEY_FIELDS: Field[] = [
  {
    // The operators' signing key (issue 31): visitors check the signed mirror lists with it.
    // guardResourcePgpKey decides what a write does: the first key at once, a change only
    // after an admin's approval.
    type: 'collapsible',
    label: { ru: 'PGP-ключ ресурса', en: 'The resource’s PGP key' },
    admin: { initCollapsed: true },
    fields: [
      {
        name: 'pgpKey',
        type: 'textarea',
        label: { ru: 'Открытый PGP-ключ', en: 'PGP public key' },
        maxLength: LIMITS.pgpKeyMax,
        admin: {
          description: {
            ru: 'Первый ключ действует сразу; смена ключа владельцем ждёт одобрения администратора',
            en: 'The first key takes effect at once; an owner’s change waits for an admin’s approval',
          },
        },
      },
      {
        name: 'pgpFingerprint',
        type: 'text',
        label: { ru: 'Отпечаток ключа', en: 'Key fingerprint' },
        access: { create: nobody, update: nobody },
        admin: { readOnly: true },
      },
    ],
  },
  {
    // An owner's or operator's new key waiting for an admin (issue 42), shown open while one
    // waits. Only admins read and set the decision (field access: the admin's form renders
    // the field for them alone); guardResourcePgpKey applies it on every door.
    type: 'collapsible',
    label: { ru: 'Новый PGP-ключ ждёт решения', en: 'A new PGP key awaits a decision' },
    admin: { initCollapsed: false, condition: (data) => Boolean(data?.pendingPgpKey) },
    fields: [
      {
        name: 'pendingPgpKey',
        type: 'textarea',
        label: { ru: 'Новый ключ, ждущий одобрения', en: 'New key awaiting approval' },
        access: { create: nobody, update: nobody },
        admin: { readOnly: true, condition: (data) => Boolean(data?.pendingPgpKey) },
      },
      {
        name: 'pendingPgpFingerprint',
        type: 'text',
        label: { ru: 'Отпечаток нового ключа', en: 'New key’s fingerprint' },
        access: { create: nobody, update: nobody },
        admin: { readOnly: true, condition: (data) => Boolean(data?.pendingPgpKey) },
      },
      {
        name: 'pendingPgpKeyAt',
        type: 'date',
        label: { ru: 'Смена ключа запрошена', en: 'Key change asked on' },
        access: { create: nobody, update: nobody },
        admin: {
          readOnly: true,
          condition: (data) => Boolean(data?.pendingPgpKey),
          date: { pickerAppearance: 'dayAndTime' },
        },
      },
      {
        // Not stored: an admin's answer to the pending key, applied by guardResourcePgpKey.
        name: 'pgpKeyDecision',
        type: 'select',
        virtual: true,
        label: { ru: 'Решение по новому ключу', en: 'Decision on the new key' },
        options: [
          { value: 'approve', label: { ru: 'Одобрить новый ключ', en: 'Approve the new key' } },
          { value: 'refuse', label: { ru: 'Отклонить новый ключ', en: 'Refuse the new key' } },
        ],
        access: { create: adminOnly, update: adminOnly, read: adminOnly },
        admin: {
          // Payload makes a virtual field read-only in the admin unless told otherwise.
          readOnly: false,
          condition: (data) => Boolean(data?.pendingPgpKey),
          description: {
            ru: 'Сверьте отпечаток с владельцем по другому каналу, затем сохраните',
            en: 'Check the fingerprint with the owner by another channel, then save',
          },
        },
      },
    ],
  },
]
