import type { PayloadRequest } from 'payload'

import { clientAddress } from '@/server/clientAddress'
import { env } from '@/server/env'

/** reCAPTCHA is on when a secret is configured. */
export const isCaptchaEnabled = () => Boolean(env().RECAPTCHA_SECRET_KEY)

/** Asks the verify service (Google's, or RECAPTCHA_VERIFY_URL) whether the token is genuine. */
export const verifyCaptcha = async ({
  req,
  token,
}: {
  req: PayloadRequest
  token: unknown
}): Promise<boolean> => {
  if (!isCaptchaEnabled()) return true
  if (typeof token !== 'string' || !token) return false
  try {
    const response = await fetch(env().RECAPTCHA_VERIFY_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        secret: env().RECAPTCHA_SECRET_KEY ?? '',
        response: token,
        remoteip: clientAddress(req),
      }),
      signal: AbortSignal.timeout(5000),
    })
    const answer = (await response.json()) as { success?: boolean }
    return response.ok && answer.success === true
  } catch (error) {
    req.payload.logger.error({ err: error, msg: 'reCAPTCHA verification failed' })
    return false
  }
}
