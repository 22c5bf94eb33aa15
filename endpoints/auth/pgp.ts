import * as calls from '@/api/account'
import { siteName } from '@/server/env'

import { findChallenge, openChallenge, redeemCode } from '../lib/challenges'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'
import { verifyingOtp } from '../lib/otpVerification'

import { createChallenge, readEncryptionKey } from './lib/pgp'

/**
 * POST /get-message {public_key} → {message}: a challenge encrypted to the key; decrypting it
 * proves the key is the user's before /check-update-pgp stores it.
 */
export const getMessage = defineEndpoint(calls.getMessage, {
  handler: async ({ req, user, body, reply }) => {
    const armoredKey = body.public_key
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
    return reply({ message })
  },
})

/** POST /check-update-pgp {public_key, code}: stores the proven key and turns PGP sign-in on. */
export const checkUpdatePgp = defineEndpoint(calls.checkUpdatePgp, {
  handler: async ({ req, user, body, reply }) => {
    if (user.twoFactor === 'totp') {
      return fail({ req, status: 409, code: 'two-factor-already-enabled' })
    }
    const challenge = await findChallenge({ req, userId: user.id, purpose: 'pgp-setup' })
    if (!challenge || challenge.publicKey !== body.public_key) {
      return fail({ req, status: 410, code: 'challenge-expired', field: 'code' })
    }
    if (!(await verifyingOtp(() => redeemCode({ req, challenge, code: body.code })))) {
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: { pgpPublicKey: challenge.publicKey, twoFactor: 'pgp' },
      req,
    })
    return reply({ two_factor: 'pgp' })
  },
})

/** POST /get-message-pgp-confirm → {message}: a challenge to the stored key, to prove it again. */
export const getPgpConfirmation = defineEndpoint(calls.getPgpConfirmation, {
  handler: async ({ req, user, reply }) => {
    if (!user.pgpPublicKey) return fail({ req, status: 409, code: 'two-factor-not-enabled' })
    const { code, message } = await createChallenge({ armoredKey: user.pgpPublicKey, siteName })
    await openChallenge({ req, userId: user.id, purpose: 'pgp-confirm', code, message })
    return reply({ message })
  },
})

/** POST /unplug-pgp {code}: turns PGP sign-in off once the code of a fresh challenge is given. */
export const unplugPgp = defineEndpoint(calls.unplugPgp, {
  handler: async ({ req, user, body, reply }) => {
    if (user.twoFactor !== 'pgp') return fail({ req, status: 409, code: 'two-factor-not-enabled' })
    const challenge = await findChallenge({ req, userId: user.id, purpose: 'pgp-confirm' })
    if (!challenge) return fail({ req, status: 410, code: 'challenge-expired', field: 'code' })
    if (!(await verifyingOtp(() => redeemCode({ req, challenge, code: body.code })))) {
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }
    await req.payload.update({ collection: 'users', id: user.id, data: { twoFactor: 'none' }, req })
    return reply({ two_factor: 'none' })
  },
})
