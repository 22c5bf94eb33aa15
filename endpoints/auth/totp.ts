import * as calls from '@/api/account'
import { siteName } from '@/server/env'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'
import { verifyingOtp } from '../lib/otpVerification'

import { generateTotpSecret, otpauthUri, qrDataUrl, verifyTotp } from './lib/totp'
import { appCodeHolds } from './secondFactor'

/**
 * GET /generate-qr-code → {secret, qr}: a new authenticator secret, shown once as text and as a
 * QR code; it takes effect only after /verify-otp-settings proves the app has it.
 */
export const generateQrCode = defineEndpoint(calls.generateQrCode, {
  handler: async ({ req, user, reply }) => {
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
    return reply({ secret, qr })
  },
})

/** POST /verify-otp-settings {code}: the app's code confirms the pending secret; sign-in asks for it. */
export const verifyOtpSettings = defineEndpoint(calls.verifyOtpSettings, {
  handler: async ({ req, user, body, reply }) => {
    if (user.twoFactor !== 'none')
      return fail({ req, status: 409, code: 'two-factor-already-enabled' })
    const stored = await req.payload.findByID({
      collection: 'users',
      id: user.id,
      showHiddenFields: true,
      depth: 0,
      req,
    })
    const result = await verifyingOtp(async () => {
      const pending = stored.totpPendingSecret
        ? req.payload.decrypt(stored.totpPendingSecret)
        : null
      return pending
        ? verifyTotp({ secret: pending, code: body.code, lastUsedStep: null })
        : { ok: false as const }
    })
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
    return reply({ two_factor: 'google' })
  },
})

/** POST /unplug-google {code}: turns authenticator sign-in off with a current, unused code. */
export const unplugGoogle = defineEndpoint(calls.unplugGoogle, {
  handler: async ({ req, user, body, reply }) => {
    if (user.twoFactor !== 'totp') return fail({ req, status: 409, code: 'two-factor-not-enabled' })
    const isRight = await verifyingOtp(() =>
      appCodeHolds({ req, userId: user.id, code: body.code }),
    )
    if (!isRight) {
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: { twoFactor: 'none', totpSecret: null, totpLastStep: null },
      req,
    })
    return reply({ two_factor: 'none' })
  },
})
