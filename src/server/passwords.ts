import 'server-only'

import crypto, { timingSafeEqual } from 'node:crypto'

import type { PayloadRequest } from 'payload'

import { env } from './env'

/** pbkdf2-sha256, with `crypto.pbkdf2` looked up at each call as Payload's own hashing does. */
const derive = (password: string, salt: string, iterations: number, keyLength: number) =>
  new Promise<Buffer>((resolve, reject) =>
    crypto.pbkdf2(password, salt, iterations, keyLength, 'sha256', (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )

/**
 * Payload's stored password format (payload 3.90, `generatePasswordSaltHash`): pbkdf2-sha256 with
 * 600,000 iterations and 32 bytes behind this prefix; older hashes have no prefix and used 25,000
 * iterations and 512 bytes. The test suite hashes with TEST_PASSWORD_HASH_ITERATIONS, as patched
 * into Payload (patches/payload+3.90.1.patch); `npm start` refuses to run with it set.
 */
const CURRENT_PREFIX = 'pbkdf2-sha256-v1:'
/** Read at each check, as Payload reads it at each hash. */
const current = () => ({
  iterations: env().TEST_PASSWORD_HASH_ITERATIONS || 600_000,
  keyLength: 32,
})
const LEGACY = { iterations: 25_000, keyLength: 512 }

/** Whether `password` is the one a user's stored `hash` and `salt` were made from. */
export const passwordMatches = async ({
  password,
  hash,
  salt,
}: {
  password: string
  hash: unknown
  salt: unknown
}): Promise<boolean> => {
  if (typeof hash !== 'string' || typeof salt !== 'string') return false
  const isCurrent = hash.startsWith(CURRENT_PREFIX)
  const { iterations, keyLength } = isCurrent ? current() : LEGACY
  const stored = Buffer.from(isCurrent ? hash.slice(CURRENT_PREFIX.length) : hash, 'hex')
  const given = await derive(password, salt, iterations, keyLength)
  return given.length === stored.length && timingSafeEqual(given, stored)
}

/**
 * Spends the time checking a password takes, for a login that has no account: its answer then
 * comes as late as a wrong password's would.
 */
export const spendPasswordCheckTime = async (password: string) => {
  const { iterations, keyLength } = current()
  await derive(password, 'no-account', iterations, keyLength)
}

/** Where Payload's patched `generatePasswordSaltHash` finds a hash made before its transaction. */
const PREPARED = Symbol.for('obzor.preparedPasswordHash')

/**
 * Hashes the password a call is about to set (sign-up, a reset, a change) before its write opens
 * a transaction: Payload hashes inside the create's or update's transaction, holding a pooled
 * connection idle for as long as pbkdf2 runs (160 ms and more), so a burst of sign-ups could take
 * every connection. Payload's hashing, patched, takes this hash for the same password on the same
 * request (patches/payload+3.90.1.patch) and still validates the password itself.
 */
export const hashOutsideTransaction = async (req: PayloadRequest, password: string) => {
  const { iterations, keyLength } = current()
  const salt = crypto.randomBytes(32).toString('hex')
  const derived = await derive(password, salt, iterations, keyLength)
  Object.assign(req, {
    [PREPARED]: { password, salt, hash: `${CURRENT_PREFIX}${derived.toString('hex')}` },
  })
}
