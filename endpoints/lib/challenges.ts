import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

import type { PayloadRequest } from 'payload'

import { spendChallengeOnce } from '@/server/sql/statements'
import type { AuthChallenge } from '@payload-types'

export type Purpose = AuthChallenge['purpose']

export const CHALLENGE_TTL_MS: Record<Purpose, number> = {
  'email-verification': 15 * 60_000,
  login: 5 * 60_000,
  'pgp-setup': 10 * 60_000,
  'pgp-confirm': 10 * 60_000,
  'email-change': 15 * 60_000,
}

/** A challenge dies after this many wrong codes. */
export const MAX_CODE_ATTEMPTS = 5

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** What is kept of a code: its hash, typed case and spaces aside. */
export const codeHash = (code: string) => sha256(code.replace(/\s+/g, '').toUpperCase())

/** Whether a typed code is the one `hash` was made from, compared in constant time. */
export const codeMatches = ({ code, hash }: { code: string; hash: string }) => {
  const given = Buffer.from(codeHash(code), 'hex')
  const expected = Buffer.from(hash, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export const numericCode = (digits = 6) =>
  Array.from({ length: digits }, () => randomInt(0, 10)).join('')

export const newTicket = () => randomBytes(32).toString('base64url')

/** Opens a challenge, replacing any open one of the same user and purpose. */
export const openChallenge = async ({
  req,
  userId,
  purpose,
  code,
  method,
  ticket,
  publicKey,
  message,
  email,
}: {
  req: PayloadRequest
  userId: number
  purpose: Purpose
  code?: string
  method?: AuthChallenge['method']
  ticket?: string
  publicKey?: string
  message?: string
  email?: string
}) => {
  await req.payload.delete({
    collection: 'auth-challenges',
    where: { user: { equals: userId }, purpose: { equals: purpose } },
    req,
  })
  return req.payload.create({
    collection: 'auth-challenges',
    data: {
      user: userId,
      purpose,
      method,
      codeHash: code ? codeHash(code) : undefined,
      ticketHash: ticket ? sha256(ticket) : undefined,
      publicKey,
      message,
      email,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS[purpose]).toISOString(),
      attempts: 0,
    },
    req,
  })
}

/** The live challenge of a user and purpose: unused, unexpired, with attempts left. */
export const findChallenge = async ({
  req,
  userId,
  purpose,
  ticket,
}: {
  req: PayloadRequest
  userId: number
  purpose: Purpose
  ticket?: string | null
}) => {
  const { docs } = await req.payload.find({
    collection: 'auth-challenges',
    where: {
      user: { equals: userId },
      purpose: { equals: purpose },
      usedAt: { exists: false },
      expiresAt: { greater_than: new Date().toISOString() },
      attempts: { less_than: MAX_CODE_ATTEMPTS },
      ...(ticket !== undefined ? { ticketHash: { equals: ticket ? sha256(ticket) : '' } } : {}),
    },
    sort: '-createdAt',
    limit: 1,
    depth: 0,
    req,
  })
  return docs[0] ?? null
}

/**
 * Marks a challenge spent, so its code can never be used again; false when another request spent
 * it first.
 */
export const spendChallenge = ({ req, id }: { req: PayloadRequest; id: number }) =>
  spendChallengeOnce(req, id)

/** Counts a wrong code; the fifth one ends the challenge. */
export const countWrongCode = ({
  req,
  challenge,
}: {
  req: PayloadRequest
  challenge: AuthChallenge
}) =>
  req.payload.update({
    collection: 'auth-challenges',
    id: challenge.id,
    data: { attempts: challenge.attempts + 1 },
    req,
  })

/** Checks a code against the challenge: spends it when right, counts the miss when wrong. */
export const redeemCode = async ({
  req,
  challenge,
  code,
}: {
  req: PayloadRequest
  challenge: AuthChallenge
  code: string
}) => {
  if (challenge.codeHash && codeMatches({ code, hash: challenge.codeHash })) {
    return spendChallenge({ req, id: challenge.id })
  }
  await countWrongCode({ req, challenge })
  return false
}
