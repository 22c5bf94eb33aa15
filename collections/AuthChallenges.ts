import type { CollectionConfig } from 'payload'

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
  admin: { hidden: true },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    {
      name: 'purpose',
      type: 'select',
      required: true,
      options: AUTH_CHALLENGE_PURPOSES.map((purpose) => ({ label: purpose, value: purpose })),
    },
    // sha256 of the code; empty for a pending authenticator-app sign-in, whose code comes from
    // the app itself.
    { name: 'codeHash', type: 'text' },
    { name: 'method', type: 'select', options: ['pgp', 'totp', 'email'] },
    // The pending sign-in's browser ticket (sha256), so only the browser that gave the password
    // can finish it.
    { name: 'ticketHash', type: 'text', index: true },
    { name: 'publicKey', type: 'textarea' },
    // The new address an email change waits to confirm.
    { name: 'email', type: 'email' },
    // The armored PGP message, so the same challenge can be shown again.
    { name: 'message', type: 'textarea' },
    { name: 'expiresAt', type: 'date', required: true, index: true },
    { name: 'attempts', type: 'number', required: true, defaultValue: 0 },
    { name: 'usedAt', type: 'date' },
  ],
}
