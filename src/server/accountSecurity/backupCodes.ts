import 'server-only'

import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

import type { PayloadRequest } from 'payload'

import { BACKUP_CODE_COUNT } from '@/lib/accountSecurity'
import { spendBackupCodeOnce } from '@/server/sql/accountSecurity'

const derive = promisify(scrypt) as (
  password: string,
  salt: string,
  keyLength: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/**
 * scrypt's cost: about 20 ms a hash. Every code of a generation shares its salt, so checking a
 * typed code costs one hash whichever code it is; each generation has a salt of its own.
 */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1 }
const KEY_LENGTH = 32

/** A new code, `xxxx-xxxx` (about 40 bits). */
const newCode = () => {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(0, ALPHABET.length)])
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`
}

/** A typed code as it is hashed: lower case, no dash or spaces. */
const normalise = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '')

const hashCode = async (code: string, salt: string) =>
  (await derive(normalise(code), salt, KEY_LENGTH, SCRYPT)).toString('hex')

/**
 * Makes the account's ten backup codes, voiding every earlier one, and returns them in plain
 * text: the only time they exist outside their holder's hands. Only their hashes are stored.
 */
export const generateBackupCodes = async ({
  req,
  userId,
}: {
  req: PayloadRequest
  userId: number
}): Promise<string[]> => {
  const codes = new Set<string>()
  while (codes.size < BACKUP_CODE_COUNT) codes.add(newCode())
  const salt = randomBytes(16).toString('hex')
  const hashes = await Promise.all([...codes].map((code) => hashCode(code, salt)))
  await voidBackupCodes({ req, userId })
  for (const codeHash of hashes) {
    await req.payload.create({
      collection: 'backup-codes',
      data: { user: userId, codeHash, salt },
      overrideAccess: true,
      req,
    })
  }
  return [...codes]
}

/** Removes every backup code of the account (a new generation, the second factor turned off). */
export const voidBackupCodes = ({ req, userId }: { req: PayloadRequest; userId: number }) =>
  req.payload.delete({
    collection: 'backup-codes',
    where: { user: { equals: userId } },
    overrideAccess: true,
    req,
  })

/**
 * Spends the account's unused backup code that `code` is, if it is one: true for the one
 * request that spent it (a code raced by two requests passes once).
 */
export const redeemBackupCode = async ({
  req,
  userId,
  code,
}: {
  req: PayloadRequest
  userId: number
  code: string
}): Promise<boolean> => {
  const { docs } = await req.payload.find({
    collection: 'backup-codes',
    where: { user: { equals: userId }, usedAt: { exists: false } },
    limit: BACKUP_CODE_COUNT,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const typed = normalise(code)
  if (docs.length === 0 || typed.length !== 8) return false
  const salts = [...new Set(docs.map((doc) => doc.salt))]
  const hashes = new Map(
    await Promise.all(salts.map(async (salt) => [salt, await hashCode(typed, salt)] as const)),
  )
  const match = docs.find((doc) => {
    const given = Buffer.from(hashes.get(doc.salt) ?? '', 'hex')
    const stored = Buffer.from(doc.codeHash, 'hex')
    return given.length === stored.length && timingSafeEqual(given, stored)
  })
  return match ? spendBackupCodeOnce(req, match.id) : false
}

/** How many unused codes the account has, and when they were made; null when it has none made. */
export const backupCodesLeft = async ({ req, userId }: { req: PayloadRequest; userId: number }) => {
  const { docs } = await req.payload.find({
    collection: 'backup-codes',
    where: { user: { equals: userId } },
    limit: BACKUP_CODE_COUNT,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  if (docs.length === 0) return null
  return {
    remaining: docs.filter((doc) => !doc.usedAt).length,
    generated_at: docs[0].createdAt,
  }
}
