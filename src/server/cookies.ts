import 'server-only'

/**
 * Cookies get `Secure` only when configured (spec §9): COOKIE_SECURE=true|false, or, when unset,
 * whenever the public URL is https.
 */
export const isSecureCookie = (): boolean => {
  const configured = process.env.COOKIE_SECURE
  if (configured) return configured === 'true' || configured === '1'
  return (process.env.NEXT_PUBLIC_SERVER_URL ?? '').startsWith('https://')
}
