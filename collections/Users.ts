import type { CollectionConfig } from 'payload'

import { adminOnly, adminOnlyFieldAccess } from '../access/adminOnly'
import { adminOrSelf } from '../access/adminOrSelf'
import { canUseAdminPanel } from '../access/canUseAdminPanel'
import { ROLES } from '../access/roles'
import { THEMES } from './constants'
import { isSecureCookie } from '../src/lib/cookies'

export const Users: CollectionConfig = {
  slug: 'users',
  access: {
    admin: canUseAdminPanel,
    read: adminOrSelf,
    create: adminOnly,
    update: adminOrSelf,
    delete: adminOnly,
  },
  admin: {
    useAsTitle: 'username',
    defaultColumns: ['username', 'email', 'displayName', 'role', 'status', 'blocked'],
  },
  auth: {
    loginWithUsername: { allowEmailLogin: true, requireEmail: true },
    tokenExpiration: 60 * 60 * 24 * 7,
    cookies: { sameSite: 'Lax', secure: isSecureCookie() },
  },
  fields: [
    { name: 'name', type: 'text' },
    { name: 'displayName', type: 'text', required: true, unique: true, index: true },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'user',
      saveToJWT: true,
      options: ROLES.map((role) => ({ label: role, value: role })),
      access: { create: adminOnlyFieldAccess, update: adminOnlyFieldAccess },
      admin: { position: 'sidebar' },
    },
    { name: 'phone', type: 'text' },
    {
      name: 'avatar',
      type: 'upload',
      relationTo: 'media',
      filterOptions: { mimeType: { in: ['image/jpeg', 'image/png', 'image/webp'] } },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'unverified',
      options: [
        { label: 'Verified', value: 'verified' },
        { label: 'Unverified', value: 'unverified' },
      ],
      access: { create: adminOnlyFieldAccess, update: adminOnlyFieldAccess },
      admin: { position: 'sidebar' },
    },
    {
      name: 'blocked',
      type: 'checkbox',
      defaultValue: false,
      access: { create: adminOnlyFieldAccess, update: adminOnlyFieldAccess },
      admin: { position: 'sidebar' },
    },
    {
      name: 'theme',
      type: 'select',
      options: THEMES.map((theme) => ({ label: theme, value: theme })),
    },
    {
      name: 'locale',
      type: 'select',
      options: [
        { label: 'Русский', value: 'ru' },
        { label: 'English', value: 'en' },
      ],
    },
  ],
}
