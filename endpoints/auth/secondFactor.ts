import type { PayloadRequest } from 'payload'

import { claimTotpStep } from '@/server/sql/statements'
import type { AuthChallenge, User } from '@payload-types'

import { countWrongCode, redeemCode, spendChallenge } from '../lib/challenges'

import { verifyTotp } from './lib/totp'

/**
 * Checks a second-factor code against a pending sign-in: the PGP challenge's code, or the
 * authenticator's current code (never one already used). Wrong codes are counted.
 */
export const checkSecondFactor = async ({
  req,
  user,
  challenge,
  code,
}: {
  req: PayloadRequest
  user: User
  challenge: AuthChallenge
  code: string
}): Promise<boolean> => {
  if (challenge.method === 'pgp') return redeemCode({ req, challenge, code })
  if (!(await appCodeHolds({ req, userId: user.id, code }))) {
    await countWrongCode({ req, challenge })
    return false
  }
  return spendChallenge({ req, id: challenge.id })
}

/**
 * Whether `code` is the authenticator's current code for the account, never one already used: a
 * right code claims its step, so that it cannot be used twice.
 */
export const appCodeHolds = async ({
  req,
  userId,
  code,
}: {
  req: PayloadRequest
  userId: number
  code: string
}): Promise<boolean> => {
  const { secret, lastStep } = await totpSecretOf({ req, userId })
  const result = secret
    ? verifyTotp({ secret, code, lastUsedStep: lastStep })
    : { ok: false as const }
  return result.ok && (await claimTotpStep(req, userId, result.step))
}

/** The authenticator's secret, decrypted, or null when none is set. */
export const totpSecretOf = async ({ req, userId }: { req: PayloadRequest; userId: number }) => {
  const stored = await req.payload.findByID({
    collection: 'users',
    id: userId,
    showHiddenFields: true,
    depth: 0,
    req,
  })
  return {
    secret: stored.totpSecret ? req.payload.decrypt(stored.totpSecret) : null,
    lastStep: stored.totpLastStep ?? null,
  }
}
