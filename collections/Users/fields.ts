import type { Field } from 'payload'

import { LIMITS } from '@/lib/limits'
import { DEFAULT_EMAIL_CHOICES, EMAIL_CHOICES, EMAIL_SETTING_FIELDS } from '@/lib/notificationMail'
import { NOTIFICATION_KINDS } from '@/lib/notifications'
import { MEMBER_ROLE, isEmployeeRole } from '@/lib/roles'
import { THEMES } from '@/lib/theme'
import { adminOnlyFieldAccess } from '@access/adminOnly'
import { adminOrEmployerField, selfOrAdminField } from '@access/users'
import { readEmployerBlocked } from '@hooks/users/readEmployerBlocked'

import { ROLE_OPTIONS, labelledOptions, siteTerm } from '../labels'

/** Written only by the auth endpoints (Local API), never through the REST collection API. */
const endpointOnly = { create: () => false, update: () => false }

export const TWO_FACTOR_METHODS = ['none', 'pgp', 'totp'] as const

export const userFields: Field[] = [
  { name: 'name', type: 'text', label: siteTerm('profile.name'), maxLength: LIMITS.nameMax },
  {
    name: 'displayName',
    type: 'text',
    label: siteTerm('profile.display-name'),
    required: true,
    unique: true,
    index: true,
    maxLength: LIMITS.displayNameMax,
  },
  {
    name: 'displayNameChangedAt',
    type: 'date',
    label: { ru: 'Отображаемое имя изменено', en: 'Display name changed on' },
    access: endpointOnly,
    admin: { position: 'sidebar', readOnly: true },
  },
  {
    name: 'role',
    type: 'select',
    label: { ru: 'Роль', en: 'Role' },
    required: true,
    defaultValue: MEMBER_ROLE,
    saveToJWT: true,
    options: ROLE_OPTIONS,
    // An owner gives their employees an operator role (guardEmployees).
    access: { create: adminOrEmployerField, update: adminOrEmployerField },
    admin: { position: 'sidebar' },
  },
  {
    // An operator works for an owner (design.md §2) on that owner's resources of the operator's type.
    name: 'employer',
    type: 'relationship',
    label: { ru: 'Работодатель', en: 'Employer' },
    relationTo: 'users',
    index: true,
    access: { create: adminOrEmployerField, update: adminOrEmployerField },
    admin: { position: 'sidebar', condition: (data) => isEmployeeRole(data?.role) },
  },
  {
    // Whether the employer is blocked on the site, read with the account: while they are, their
    // staff manage none of their resources (access/resources.ts). Never stored nor written.
    name: 'employerBlocked',
    type: 'checkbox',
    virtual: true,
    label: { ru: 'Работодатель заблокирован', en: 'Employer blocked' },
    access: { create: () => false, update: () => false },
    admin: { hidden: true },
    hooks: { afterRead: [readEmployerBlocked] },
  },
  { name: 'phone', type: 'text', label: siteTerm('profile.phone'), maxLength: LIMITS.phoneMax },
  {
    name: 'avatar',
    type: 'upload',
    label: siteTerm('profile.avatar-heading'),
    relationTo: 'media',
    filterOptions: { mimeType: { in: ['image/jpeg', 'image/png', 'image/webp'] } },
  },
  {
    name: 'status',
    type: 'select',
    label: { ru: 'Статус', en: 'Status' },
    required: true,
    defaultValue: 'unverified',
    options: labelledOptions(['verified', 'unverified'], {
      verified: { ru: 'Email подтверждён', en: 'Email confirmed' },
      unverified: { ru: 'Email не подтверждён', en: 'Email not confirmed' },
    }),
    // An owner vouches for an employee's address (guardEmployees sets it).
    access: { create: adminOrEmployerField, update: adminOnlyFieldAccess },
    admin: { position: 'sidebar' },
  },
  {
    name: 'blocked',
    type: 'checkbox',
    label: { ru: 'Заблокирован', en: 'Blocked' },
    defaultValue: false,
    access: { create: adminOnlyFieldAccess, update: adminOnlyFieldAccess },
    admin: {
      position: 'sidebar',
      description: {
        ru: 'Все сессии завершаются сразу; вход и любое действие отвечают «Вы заблокированы.».',
        en: 'Every session ends at once; signing in and any action answer ‘You are blocked.’',
      },
    },
  },
  {
    name: 'chatBlocked',
    type: 'checkbox',
    label: { ru: 'Заблокирован в чате', en: 'Blocked in chat' },
    defaultValue: false,
    index: true,
    access: { create: adminOnlyFieldAccess, update: adminOnlyFieldAccess },
    admin: { position: 'sidebar' },
  },
  {
    // Required to block (guardBlocks); each block and unblock is kept in `user-blocks`.
    name: 'blockReason',
    type: 'textarea',
    label: { ru: 'Причина блокировки', en: 'Reason for the block' },
    maxLength: LIMITS.blockReasonMax,
    access: {
      read: adminOnlyFieldAccess,
      create: adminOnlyFieldAccess,
      update: adminOnlyFieldAccess,
    },
    admin: {
      position: 'sidebar',
      description: {
        ru: 'Сохраняется в журнале блокировок вместе с тем, кто и когда заблокировал.',
        en: 'Kept in the block log with who blocked and when.',
      },
    },
  },
  {
    name: 'twoFactor',
    type: 'select',
    label: siteTerm('security.heading'),
    required: true,
    defaultValue: 'none',
    options: labelledOptions(TWO_FACTOR_METHODS, {
      none: { ru: 'Выключена', en: 'Off' },
      pgp: siteTerm('security.pgp-heading'),
      totp: siteTerm('security.app-heading'),
    }),
    access: endpointOnly,
    admin: { position: 'sidebar', readOnly: true },
  },
  {
    name: 'pgpPublicKey',
    type: 'textarea',
    label: siteTerm('security.public-key'),
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
    label: { ru: 'Способ входа', en: 'Signs in with' },
    required: true,
    defaultValue: 'email',
    options: labelledOptions(['email', 'google'], {
      email: { ru: 'Логин или email и пароль', en: 'Login or email and password' },
      google: { ru: 'Google', en: 'Google' },
    }),
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
    // Consent to the rules and the privacy policy, recorded once by the sign-up calls (Local API);
    // no request writes it, and only admins read it.
    name: 'consentVersion',
    type: 'text',
    label: { ru: 'Принятая версия правил', en: 'Accepted version of the rules' },
    access: { read: adminOnlyFieldAccess, ...endpointOnly },
    admin: { position: 'sidebar', readOnly: true },
  },
  {
    name: 'consentedAt',
    type: 'date',
    label: { ru: 'Согласие с правилами дано', en: 'Agreed to the rules on' },
    access: { read: adminOnlyFieldAccess, ...endpointOnly },
    admin: {
      position: 'sidebar',
      readOnly: true,
      date: { pickerAppearance: 'dayAndTime' },
    },
  },
  {
    name: 'theme',
    type: 'select',
    label: siteTerm('settings.theme'),
    options: labelledOptions(THEMES, {
      light: siteTerm('settings.theme-light'),
      dark: siteTerm('settings.theme-dark'),
    }),
  },
  {
    name: 'locale',
    type: 'select',
    label: siteTerm('settings.language'),
    options: labelledOptions(['ru', 'en'], {
      ru: { ru: 'Русский', en: 'Russian' },
      en: { ru: 'Английский', en: 'English' },
    }),
  },
  {
    // Issue 47: a member may keep their reviewer profile (/reviewers/{login}) private; their
    // reviews stay, with no link to it. Only the account's holder and admins read or change it.
    name: 'profilePrivate',
    type: 'checkbox',
    label: { ru: 'Профиль рецензента скрыт', en: 'Reviewer profile private' },
    defaultValue: false,
    admin: {
      description: {
        ru: 'Страница /reviewers/{логин} отвечает «не найдено», имя в отзывах не ведёт на неё.',
        en: 'The page /reviewers/{login} answers ‘not found’ and the name on reviews links nowhere.',
      },
    },
    access: { read: selfOrAdminField, create: adminOnlyFieldAccess, update: selfOrAdminField },
  },
  // Notification mails (issue 32): per kind, at once, in the daily digest or never. Only the
  // account's holder and admins read or change them, on every door; the unsubscribe link changes
  // them by the server's own write (Local API).
  {
    name: 'notificationEmail',
    type: 'group',
    label: siteTerm('notification-settings.heading'),
    access: { read: selfOrAdminField, create: adminOnlyFieldAccess, update: selfOrAdminField },
    fields: NOTIFICATION_KINDS.map((kind) => ({
      name: EMAIL_SETTING_FIELDS[kind],
      type: 'select' as const,
      label: siteTerm(`notification-settings.kind-${kind}`),
      defaultValue: DEFAULT_EMAIL_CHOICES[kind],
      options: labelledOptions(EMAIL_CHOICES, {
        immediate: siteTerm('notification-settings.choice-immediate'),
        digest: siteTerm('notification-settings.choice-digest'),
        never: siteTerm('notification-settings.choice-never'),
      }),
    })),
  },
]
