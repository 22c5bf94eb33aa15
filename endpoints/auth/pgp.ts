import type { Endpoint } from 'payload'
import { z } from 'zod'

import { siteName } from '../../src/lib/env'
import { codeBody, parseBody } from '../lib/body'
import { findChallenge, openChallenge, redeemCode } from '../lib/challenges'
import { requireUser } from '../lib/currentUser'
import { fail, invalid, ok } from '../lib/http'
import { createChallenge, readEncryptionKey } from './lib/pgp'

export const publicKeyBody = z.object({ public_key: z.string().trim().min(1, 'required') })

/**
 * POST /get-message {public_key} → {message}: a challenge encrypted to the key; decrypting it
 * proves the key is the user's before /check-update-pgp stores it.
 */
export const getMessage: Endpoint = {
  path: '/get-message',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const parsed = await parseBody(req, publicKeyBody)
    if (parsed.failure) return parsed.failure
    const armoredKey = parsed.data.public_key
    if (user.pgpPublicKey && user.pgpPublicKey.trim() !== armoredKey) {
      return fail({ req, status: 409, code: 'pgp-key-locked', field: 'public_key' })
    }
    try {
      await readEncryptionKey({ armoredKey })
    } catch {
      return invalid({ req, errors: { public_key: ['pgp-key-invalid'] } })
    }
    const { code, message } = await createChallenge({ armoredKey, siteName })
    await openChallenge({
      req,
      userId: user.id,
      purpose: 'pgp-setup',
      code,
      publicKey: armoredKey,
      message,
    })
    return ok({ message })
  },
}

export const pgpSetupBody = z.object({
  public_key: z.string().trim().min(1, 'required'),
  code: z.string().trim().min(1, 'required'),
})

/** POST /check-update-pgp {public_key, code}: stores the proven key and turns PGP sign-in on. */
export const checkUpdatePgp: Endpoint = {
  path: '/check-update-pgp',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const parsed = await parseBody(req, pgpSetupBody)
    if (parsed.failure) return parsed.failure
    if (user.twoFactor === 'totp') {
      return fail({ req, status: 409, code: 'two-factor-already-enabled' })
    }
    const challenge = await findChallenge({ req, userId: user.id, purpose: 'pgp-setup' })
    if (!challenge || challenge.publicKey !== parsed.data.public_key) {
      return fail({ req, status: 410, code: 'challenge-expired', field: 'code' })
    }
    if (!(await redeemCode({ req, challenge, code: parsed.data.code }))) {
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: { pgpPublicKey: challenge.publicKey, twoFactor: 'pgp' },
      req,
    })
    return ok({ two_factor: 'pgp' })
  },
}

/** POST /get-message-pgp-confirm → {message}: a challenge to the stored key, to prove it again. */
export const getPgpConfirmation: Endpoint = {
  path: '/get-message-pgp-confirm',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    if (!user.pgpPublicKey) return fail({ req, status: 409, code: 'two-factor-not-enabled' })
    const { code, message } = await createChallenge({ armoredKey: user.pgpPublicKey, siteName })
    await openChallenge({ req, userId: user.id, purpose: 'pgp-confirm', code, message })
    return ok({ message })
  },
}

/** POST /unplug-pgp {code}: turns PGP sign-in off once the code of a fresh challenge is given. */
export const unplugPgp: Endpoint = {
  path: '/unplug-pgp',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const parsed = await parseBody(req, codeBody)
    if (parsed.failure) return parsed.failure
    if (user.twoFactor !== 'pgp') return fail({ req, status: 409, code: 'two-factor-not-enabled' })
    const challenge = await findChallenge({ req, userId: user.id, purpose: 'pgp-confirm' })
    if (!challenge) return fail({ req, status: 410, code: 'challenge-expired', field: 'code' })
    if (!(await redeemCode({ req, challenge, code: parsed.data.code }))) {
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }
    await req.payload.update({ collection: 'users', id: user.id, data: { twoFactor: 'none' }, req })
    return ok({ two_factor: 'none' })
  },
}
