'use client'

import { useEffect } from 'react'

import { isAllowedProtocol } from '@/lib/externalUrl'

const protocolOf = (anchor: HTMLAnchorElement) => {
  try {
    return new URL(anchor.href, window.location.href).protocol
  } catch {
    return null
  }
}

/**
 * Refuses any link whose protocol is not http(s), wherever it comes from (rich text included),
 * before the browser follows it.
 */
export function ExternalLinkGuard() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]')
      if (!(anchor instanceof HTMLAnchorElement)) return
      const protocol = protocolOf(anchor)
      if (protocol && isAllowedProtocol(protocol)) return
      event.preventDefault()
      event.stopPropagation()
      console.warn('[external-link] refused a link with protocol', protocol ?? '(malformed)')
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [])
  return null
}
