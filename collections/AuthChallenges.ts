import type { CollectionConfig } from 'payload'

import { labelledOptions } from './labels'

/**
 * One-time codes in flight: the emailed account-confirmation and email-change codes, PGP challenges (sign-in and
 * key setup) and pending second sign-in steps. Only hashes of codes are kept; every challenge is
 * single-use, expires, and dies after a few wrong codes. Never exposed through the API.
 */
export const AUTH_CHALLENGE_PURPOSES = [
  'email-verification',
  'login',
  'pgp-setup',
  'pgp-confirm',
  'email-change',
] as const

export const AuthChallenges: CollectionConfig = {
  slug: 'auth-challenges',
  access: {
    read: () => false,
    create: () => false,
    update: () => false,
    delete: () => false,
  },
  admin: {
    hidden: true,
    useAsTitle: 'purpose',
    defaultColumns: ['purpose', 'user', 'method', 'expiresAt', 'attempts', 'usedAt'],
  },
  labels: {
    singular: { ru: 'Код подтверждения', en: 'Auth challenge' },
    plural: { ru: 'Коды подтверждения', en: 'Auth challenges' },
  },
  fields: [
    {
      name: 'user',
      type: 'relationship',
      label: { ru: 'Пользователь', en: 'User' },
      relationTo: 'users',
      required: true,
      index: true,
    },
    {
      name: 'purpose',
      type: 'select',
      label: { ru: 'Назначение', en: 'Purpose' },
      required: true,
      options: labelledOptions(AUTH_CHALLENGE_PURPOSES, {
        'email-verification': { ru: 'Подтверждение email', en: 'Email confirmation' },
        login: { ru: 'Второй шаг входа', en: 'Second sign-in step' },
        'pgp-setup': { ru: 'Настройка PGP-ключа', en: 'PGP key setup' },
        'pgp-confirm': { ru: 'Подтверждение PGP-ключа', en: 'PGP key confirmation' },
        'email-change': { ru: 'Смена email', en: 'Email change' },
      }),
    },
    // sha256 of the code; empty for a pending authenticator-app sign-in, whose code comes from
    // the app itself.
    { name: 'codeHash', type: 'text', label: { ru: 'Хеш кода', en: 'Code hash' } },
    {
      name: 'method',
      type: 'select',
      label: { ru: 'Способ', en: 'Method' },
      options: labelledOptions(['pgp', 'totp', 'email'], {
        pgp: { ru: 'PGP-ключ', en: 'PGP key' },
        totp: { ru: 'Приложение-аутентификатор', en: 'Authenticator app' },
        email: { ru: 'Email', en: 'Email' },
      }),
    },
    // The pending sign-in's browser ticket (sha256), so only the browser that gave the password
    // can finish it.
    {
      name: 'ticketHash',
      type: 'text',
      label: { ru: 'Хеш билета браузера', en: 'Browser ticket hash' },
      index: true,
    },
    {
      name: 'publicKey',
      type: 'textarea',
      label: { ru: 'Открытый PGP-ключ', en: 'Public PGP key' },
    },
    // The new address an email change waits to confirm.
    { name: 'email', type: 'email', label: { ru: 'Новый email', en: 'New email' } },
    // The armored PGP message, so the same challenge can be shown again.
    {
      name: 'message',
      type: 'textarea',
      label: { ru: 'Зашифрованное сообщение', en: 'Encrypted message' },
    },
    {
      name: 'expiresAt',
      type: 'date',
      label: { ru: 'Действует до', en: 'Expires at' },
      required: true,
      index: true,
    },
    {
      name: 'attempts',
      type: 'number',
      label: { ru: 'Попыток', en: 'Attempts' },
      required: true,
      defaultValue: 0,
    },
    { name: 'usedAt', type: 'date', label: { ru: 'Использован', en: 'Used at' } },
  ],
}
