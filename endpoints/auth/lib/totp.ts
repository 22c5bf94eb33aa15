import { generateSecret, generateURI, verifySync } from 'otplib'
import QRCode from 'qrcode'

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30

export const generateTotpSecret = (): string => generateSecret({ length: 20 })

export const otpauthUri = ({
  secret,
  accountName,
  issuer,
}: {
  secret: string
  accountName: string
  issuer: string
}): string => generateURI({ secret, label: accountName, issuer })

export const qrDataUrl = ({ uri }: { uri: string }): Promise<string> =>
  QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 })

/**
 * Accepts the code of the current step or of one step either side (clock drift), but never a
 * step at or before `lastUsedStep`, so a code cannot be replayed.
 */
export const verifyTotp = ({
  secret,
  code,
  lastUsedStep,
  now = Date.now(),
}: {
  secret: string
  code: string
  lastUsedStep: number | null
  now?: number
}): { ok: true; step: number } | { ok: false } => {
  const token = code.replace(/\s+/g, '')
  if (!/^\d{6}$/.test(token)) return { ok: false }
  const result = verifySync({
    secret,
    token,
    epoch: Math.floor(now / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
  })
  if (!result.valid) return { ok: false }
  const step = Math.floor(Math.floor(now / 1000) / TOTP_PERIOD_SECONDS) + result.delta
  if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false }
  return { ok: true, step }
}
