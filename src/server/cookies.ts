import 'server-only'

import { env } from './env'

/**
 * Cookies get `Secure` only when configured (spec §9): COOKIE_SECURE=true|false, or, when unset,
 * whenever the public URL is https.
 */
export const isSecureCookie = (): boolean => {
  const { COOKIE_SECURE, NEXT_PUBLIC_SERVER_URL } = env()
  return COOKIE_SECURE ?? (NEXT_PUBLIC_SERVER_URL ?? '').startsWith('https://')
}
