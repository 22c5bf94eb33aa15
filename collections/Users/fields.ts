import type { Field } from 'payload'

import { LIMITS } from '@/lib/limits'
import { THEMES } from '@/lib/theme'
import { adminOnlyFieldAccess } from '@access/adminOnly'
import { ROLES } from '@access/roles'

/** Written only by the auth endpoints (Local API), never through the REST collection API. */
const endpointOnly = { create: () => false, update: () => false }

export const TWO_FACTOR_METHODS = ['none', 'pgp', 'totp'] as const

export const userFields: Field[] = [
  { name: 'name', type: 'text', maxLength: LIMITS.nameMax },
  {
    name: 'displayName',
    type: 'text',
    required: true,
    unique: true,
    index: true,
    maxLength: LIMITS.displayNameMax,
  },
  {
    name: 'displayNameChangedAt',
    type: 'date',
    access: endpointOnly,
    admin: { position: 'sidebar', readOnly: true },
  },
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
  {
    // An operator works for an owner (design.md §2) on that owner's resources of the operator's type.
    name: 'employer',
    type: 'relationship',
    relationTo: 'users',
    access: { create: adminOnlyFieldAccess, update: adminOnlyFieldAccess },
    admin: { position: 'sidebar', condition: (data) => String(data?.role).endsWith('Operator') },
  },
  { name: 'phone', type: 'text', maxLength: LIMITS.phoneMax },
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
    name: 'twoFactor',
    type: 'select',
    required: true,
    defaultValue: 'none',
    options: TWO_FACTOR_METHODS.map((method) => ({ label: method, value: method })),
    access: endpointOnly,
    admin: { position: 'sidebar', readOnly: true },
  },
  {
    name: 'pgpPublicKey',
    type: 'textarea',
    access: endpointOnly,
    admin: { readOnly: true },
  },
  // Secrets: encrypted with PAYLOAD_SECRET and hidden from every API answer.
  { name: 'totpSecret', type: 'text', hidden: true, access: endpointOnly },
  { name: 'totpPendingSecret', type: 'text', hidden: true, access: endpointOnly },
  { name: 'totpLastStep', type: 'number', hidden: true, access: endpointOnly },
  {
    name: 'authProvider',
    type: 'select',
    required: true,
    defaultValue: 'email',
    options: [
      { label: 'Email and password', value: 'email' },
      { label: 'Google', value: 'google' },
    ],
    access: endpointOnly,
    admin: { position: 'sidebar', readOnly: true },
  },
  {
    name: 'googleSubject',
    type: 'text',
    hidden: true,
    unique: true,
    index: true,
    access: endpointOnly,
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
]
