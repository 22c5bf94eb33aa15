'use client'

import { useEffect } from 'react'

import { isAllowedProtocol, leavesSiteUnmarked } from '@/lib/externalUrl'

const protocolOf = (anchor: HTMLAnchorElement) => {
  try {
    return new URL(anchor.href, window.location.href).protocol
  } catch {
    return null
  }
}

/**
 * Refuses any link whose protocol is not http(s), and any written as a path that the browser would
 * follow to another site (`//host`, `/\host`), wherever it comes from (rich text included), before
 * the browser follows it.
 */
export function ExternalLinkGuard() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]')
      if (!(anchor instanceof HTMLAnchorElement)) return
      const protocol = protocolOf(anchor)
      const disguised = leavesSiteUnmarked(anchor.getAttribute('href') ?? '', window.location.href)
      if (protocol && isAllowedProtocol(protocol) && !disguised) return
      event.preventDefault()
      event.stopPropagation()
      console.warn(
        '[external-link] refused a link',
        disguised
          ? 'written as a path that leaves the site'
          : `with protocol ${protocol ?? '(malformed)'}`,
      )
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [])
  return null
}
