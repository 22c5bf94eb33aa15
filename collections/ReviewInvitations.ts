import type { CollectionConfig } from 'payload'

import { LOCALES } from '@/i18n/routing'
import { INVITATION_KINDS } from '@/lib/invitations'
import { adminOnly } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { nobody, writtenByServerOnly } from '@access/nobody'

import { labelledOptions } from './labels'

const SECRET = { read: nobody, create: nobody, update: nobody }

/**
 * Review invitations (issue 47): one row per invitation, made only by the site's calls
 * (`/invitations-send`, `/invitations-links`, which check who manages the resource) and spent
 * only by the review it brought (hooks/invitations/claimInvitation.ts, in the review's
 * transaction). The token and the customer's address are kept as hashes, readable by no door;
 * admins read the rest (the owners see counts only, on their screen). No row links an
 * invitation to the review or the member it brought.
 */
export const ReviewInvitations: CollectionConfig = {
  slug: 'review-invitations',
  access: writtenByServerOnly(adminOnly),
  admin: {
    useAsTitle: 'id',
    defaultColumns: ['resource', 'kind', 'createdAt', 'openedAt', 'usedAt', 'expiresAt'],
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: { ru: 'Приглашение к отзыву', en: 'Review invitation' },
    plural: { ru: 'Приглашения к отзывам', en: 'Review invitations' },
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  graphQL: false,
  // One mail per address and resource: a second invitation to the same address is refused here.
  indexes: [{ fields: ['resource', 'addressHash'], unique: true }],
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
      name: 'kind',
      type: 'select',
      label: { ru: 'Вид', en: 'Kind' },
      required: true,
      options: labelledOptions(INVITATION_KINDS, {
        email: { ru: 'Письмо', en: 'Email' },
        link: { ru: 'Ссылка', en: 'Link' },
      }),
    },
    {
      name: 'locale',
      type: 'select',
      label: { ru: 'Язык письма', en: 'Language of the mail' },
      options: labelledOptions(LOCALES, {
        ru: { ru: 'Русский', en: 'Russian' },
        en: { ru: 'Английский', en: 'English' },
      }),
    },
    {
      name: 'createdBy',
      type: 'relationship',
      label: { ru: 'Кто пригласил', en: 'Invited by' },
      relationTo: 'users',
    },
    {
      name: 'tokenHash',
      type: 'text',
      label: { ru: 'Хеш ссылки', en: 'Link hash' },
      required: true,
      unique: true,
      access: SECRET,
      admin: { hidden: true },
    },
    // The customer's address as an HMAC (src/server/invitationTokens.ts); null for a link.
    {
      name: 'addressHash',
      type: 'text',
      label: { ru: 'Хеш адреса', en: 'Address hash' },
      access: SECRET,
      admin: { hidden: true },
    },
    { name: 'expiresAt', type: 'date', label: { ru: 'Истекает', en: 'Expires' }, required: true },
    { name: 'openedAt', type: 'date', label: { ru: 'Открыто', en: 'Opened' } },
    { name: 'usedAt', type: 'date', label: { ru: 'Отзыв написан', en: 'Reviewed' } },
  ],
}

/**
 * The addresses that asked never to get an invitation again, as the HMAC of each (the address
 * itself is never kept). Written only by `/invitations-opt-out`; no door reads it.
 */
export const InvitationOptOuts: CollectionConfig = {
  slug: 'invitation-opt-outs',
  access: writtenByServerOnly(nobody),
  admin: { hidden: true, useAsTitle: 'id' },
  labels: {
    singular: { ru: 'Отказ от приглашений', en: 'Invitation opt-out' },
    plural: { ru: 'Отказы от приглашений', en: 'Invitation opt-outs' },
  },
  disableDuplicate: true,
  graphQL: false,
  fields: [
    {
      name: 'addressHash',
      type: 'text',
      label: { ru: 'Хеш адреса', en: 'Address hash' },
      required: true,
      unique: true,
    },
  ],
}
