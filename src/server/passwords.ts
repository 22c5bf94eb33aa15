import 'server-only'

import { pbkdf2, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const derive = promisify(pbkdf2)

/**
 * Payload's stored password format (payload 3.90, `generatePasswordSaltHash`): pbkdf2-sha256 with
 * 600,000 iterations and 32 bytes behind this prefix; older hashes have no prefix and used 25,000
 * iterations and 512 bytes. The test suite hashes with TEST_PASSWORD_HASH_ITERATIONS, as patched
 * into Payload (patches/payload+3.90.1.patch); `npm start` refuses to run with it set.
 */
const CURRENT_PREFIX = 'pbkdf2-sha256-v1:'
/** Read at each check, as Payload reads it at each hash. */
const current = () => ({
  iterations: Number(process.env.TEST_PASSWORD_HASH_ITERATIONS) || 600_000,
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
  const given = await derive(password, salt, iterations, keyLength, 'sha256')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

/**
 * Spends the time checking a password takes, for a login that has no account: its answer then
 * comes as late as a wrong password's would.
 */
export const spendPasswordCheckTime = async (password: string) => {
  const { iterations, keyLength } = current()
  await derive(password, 'no-account', iterations, keyLength, 'sha256')
}
