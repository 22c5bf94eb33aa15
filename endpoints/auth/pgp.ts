import { z } from 'zod'

import { codeBody, codeField } from '@/api/fields'
import { siteName } from '@/server/env'

import { findChallenge, openChallenge, redeemCode } from '../lib/challenges'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid, ok } from '../lib/http'

import { createChallenge, readEncryptionKey } from './lib/pgp'

const publicKey = z.string().trim().min(1, 'required')

/**
 * POST /get-message {public_key} → {message}: a challenge encrypted to the key; decrypting it
 * proves the key is the user's before /check-update-pgp stores it.
 */
export const getMessage = defineEndpoint({
  path: '/get-message',
  method: 'post',
  auth: 'signedIn',
  summary: 'A PGP challenge encrypted to the given public key',
  answer: '{message}',
  body: z.object({ public_key: publicKey }),
  handler: async ({ req, user, body }) => {
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
    return ok({ message })
  },
})

/** POST /check-update-pgp {public_key, code}: stores the proven key and turns PGP sign-in on. */
export const checkUpdatePgp = defineEndpoint({
  path: '/check-update-pgp',
  method: 'post',
  auth: 'signedIn',
  summary: 'Store the proven PGP key and turn PGP sign-in on',
  answer: '{two_factor: "pgp"}',
  body: z.object({ public_key: publicKey, code: codeField }),
  handler: async ({ req, user, body }) => {
    if (user.twoFactor === 'totp') {
      return fail({ req, status: 409, code: 'two-factor-already-enabled' })
    }
    const challenge = await findChallenge({ req, userId: user.id, purpose: 'pgp-setup' })
    if (!challenge || challenge.publicKey !== body.public_key) {
      return fail({ req, status: 410, code: 'challenge-expired', field: 'code' })
    }
    if (!(await redeemCode({ req, challenge, code: body.code }))) {
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
})

/** POST /get-message-pgp-confirm → {message}: a challenge to the stored key, to prove it again. */
export const getPgpConfirmation = defineEndpoint({
  path: '/get-message-pgp-confirm',
  method: 'post',
  auth: 'signedIn',
  summary: 'A PGP challenge to the stored key (before turning PGP off)',
  answer: '{message}',
  handler: async ({ req, user }) => {
    if (!user.pgpPublicKey) return fail({ req, status: 409, code: 'two-factor-not-enabled' })
    const { code, message } = await createChallenge({ armoredKey: user.pgpPublicKey, siteName })
    await openChallenge({ req, userId: user.id, purpose: 'pgp-confirm', code, message })
    return ok({ message })
  },
})

/** POST /unplug-pgp {code}: turns PGP sign-in off once the code of a fresh challenge is given. */
export const unplugPgp = defineEndpoint({
  path: '/unplug-pgp',
  method: 'post',
  auth: 'signedIn',
  summary: 'Turn PGP sign-in off with the code of that challenge',
  answer: '{two_factor: "none"}',
  body: codeBody,
  handler: async ({ req, user, body }) => {
    if (user.twoFactor !== 'pgp') return fail({ req, status: 409, code: 'two-factor-not-enabled' })
    const challenge = await findChallenge({ req, userId: user.id, purpose: 'pgp-confirm' })
    if (!challenge) return fail({ req, status: 410, code: 'challenge-expired', field: 'code' })
    if (!(await redeemCode({ req, challenge, code: body.code }))) {
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }
    await req.payload.update({ collection: 'users', id: user.id, data: { twoFactor: 'none' }, req })
    return ok({ two_factor: 'none' })
  },
})
