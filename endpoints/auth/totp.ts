import type { Endpoint } from 'payload'

import { siteName } from '../../src/lib/env'
import { codeBody, parseBody } from '../lib/body'
import { requireUser } from '../lib/currentUser'
import { fail, ok } from '../lib/http'
import { generateTotpSecret, otpauthUri, qrDataUrl, verifyTotp } from './lib/totp'
import { claimTotpStep, totpSecretOf } from './secondFactor'

/**
 * GET /generate-qr-code → {secret, qr}: a new authenticator secret, shown once as text and as a
 * QR code; it takes effect only after /verify-otp-settings proves the app has it.
 */
export const generateQrCode: Endpoint = {
  path: '/generate-qr-code',
  method: 'get',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    if (user.twoFactor !== 'none')
      return fail({ req, status: 409, code: 'two-factor-already-enabled' })
    const secret = generateTotpSecret()
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: { totpPendingSecret: req.payload.encrypt(secret) },
      req,
    })
    const qr = await qrDataUrl({
      uri: otpauthUri({ secret, accountName: user.email, issuer: siteName }),
    })
    return ok({ secret, qr })
  },
}

/** POST /verify-otp-settings {code}: the app's code confirms the pending secret; sign-in asks for it. */
export const verifyOtpSettings: Endpoint = {
  path: '/verify-otp-settings',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const parsed = await parseBody(req, codeBody)
    if (parsed.failure) return parsed.failure
    if (user.twoFactor !== 'none')
      return fail({ req, status: 409, code: 'two-factor-already-enabled' })
    const stored = await req.payload.findByID({
      collection: 'users',
      id: user.id,
      showHiddenFields: true,
      depth: 0,
      req,
    })
    const pending = stored.totpPendingSecret ? req.payload.decrypt(stored.totpPendingSecret) : null
    const result = pending
      ? verifyTotp({ secret: pending, code: parsed.data.code, lastUsedStep: null })
      : { ok: false as const }
    if (!result.ok) return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: {
        twoFactor: 'totp',
        totpSecret: stored.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: result.step,
      },
      req,
    })
    return ok({ two_factor: 'google' })
  },
}

/** POST /unplug-google {code}: turns authenticator sign-in off with a current, unused code. */
export const unplugGoogle: Endpoint = {
  path: '/unplug-google',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const parsed = await parseBody(req, codeBody)
    if (parsed.failure) return parsed.failure
    if (user.twoFactor !== 'totp') return fail({ req, status: 409, code: 'two-factor-not-enabled' })
    const { secret, lastStep } = await totpSecretOf({ req, userId: user.id })
    const result = secret
      ? verifyTotp({ secret, code: parsed.data.code, lastUsedStep: lastStep })
      : { ok: false as const }
    if (!result.ok || !(await claimTotpStep({ req, userId: user.id, step: result.step }))) {
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: { twoFactor: 'none', totpSecret: null, totpLastStep: null },
      req,
    })
    return ok({ two_factor: 'none' })
  },
}
