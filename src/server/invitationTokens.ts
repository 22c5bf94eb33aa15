import 'server-only'

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import { isInvitationToken } from '@/lib/invitations'

import { payloadSecret } from './env'

/**
 * The secrets of review invitations. A token is 32 random bytes; the database keeps only its
 * SHA-256 (`tokenHash`), so a copy of the table opens no invitation and nobody can make one. A
 * customer's address is kept only as an HMAC under the Payload secret (`addressHash`): enough to
 * mail an address once per resource and never after it unsubscribed, useless to read it back.
 */
export const newInvitationToken = () => randomBytes(32).toString('base64url')

/** The stored form of a token; null for anything that is no token (never a query). */
export const invitationTokenHash = (token: unknown): string | null =>
  isInvitationToken(token) ? createHash('sha256').update(token).digest('hex') : null

/** An address as the site compares it: trimmed, lower case. */
export const normalAddress = (email: string) => email.trim().toLowerCase()

export const invitationAddressHash = (email: string) =>
  createHmac('sha256', payloadSecret())
    .update(`invitation-address:${normalAddress(email)}`)
    .digest('hex')

const optOutSignature = (addressHash: string) =>
  createHmac('sha256', payloadSecret())
    .update(`invitation-opt-out:${addressHash}`)
    .digest('base64url')

/**
 * The token of an invitation mail's unsubscribe link: `<address hash>.<signature>`. It names the
 * address only by its hash and needs no expiry (it can only stop mail); nobody can make one for
 * another address.
 */
export const invitationOptOutToken = (addressHash: string) =>
  `${addressHash}.${optOutSignature(addressHash)}`

/** The address hash a genuine opt-out token names, or null for anything else. */
export const readInvitationOptOutToken = (token: unknown): string | null => {
  if (typeof token !== 'string' || token.length > 200) return null
  const match = /^([0-9a-f]{64})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const expected = Buffer.from(optOutSignature(match[1]))
  const given = Buffer.from(match[2])
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null
}
