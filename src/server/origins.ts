import 'server-only'

import { serverUrl } from './env'

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/**
 * The origins whose requests may carry the session cookie (Payload's `csrf`): the site's own
 * address and, in development, its loopback aliases on the same port, so a developer who opens
 * http://127.0.0.1:3000 while the config says http://localhost:3000 is signed in everywhere, not
 * only on the pages that read the session without an Origin header.
 */
export const trustedOrigins = ({
  url = serverUrl(),
  isDevelopment = process.env.NODE_ENV !== 'production',
}: { url?: string; isDevelopment?: boolean } = {}): string[] => {
  const own = new URL(url)
  if (!isDevelopment) return [own.origin]
  const port = own.port ? `:${own.port}` : ''
  const aliases = LOOPBACK_HOSTS.map((host) => `${own.protocol}//${host}${port}`)
  return [...new Set([own.origin, ...aliases])]
}
