'use client'

import { useEffect } from 'react'

import { TRACK_LINK_ATTRIBUTE, TRACK_RESOURCE_ATTRIBUTE, report } from '@/client/track'
import { isAllowedProtocol, leavesSiteUnmarked } from '@/lib/externalUrl'

const protocolOf = (anchor: HTMLAnchorElement) => {
  try {
    return new URL(anchor.href, window.location.href).protocol
  } catch {
    return null
  }
}

/** A followed link that reports its clicks (a resource's website or mirror): one report. */
const reportClick = (anchor: HTMLAnchorElement) => {
  const resource = Number(anchor.getAttribute(TRACK_RESOURCE_ATTRIBUTE))
  const link = anchor.getAttribute(TRACK_LINK_ATTRIBUTE)
  if (resource > 0 && (link === 'site' || link === 'mirror')) {
    report({ resource_id: resource, event: 'click', link })
  }
}

/**
 * Refuses any link whose protocol is not http(s), and any written as a path that the browser would
 * follow to another site (`//host`, `/\host`), wherever it comes from (rich text included), before
 * the browser follows it; reports the clicks of the links that ask for it (analytics), the middle
 * button's too.
 */
export function ExternalLinkGuard() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]')
      if (!(anchor instanceof HTMLAnchorElement)) return
      const protocol = protocolOf(anchor)
      const disguised = leavesSiteUnmarked(anchor.getAttribute('href') ?? '', window.location.href)
      if (protocol && isAllowedProtocol(protocol) && !disguised) {
        if (event.type === 'click' || event.button === 1) reportClick(anchor)
        return
      }
      if (event.type === 'auxclick') return
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
    document.addEventListener('auxclick', onClick, true)
    return () => {
      document.removeEventListener('click', onClick, true)
      document.removeEventListener('auxclick', onClick, true)
    }
  }, [])
  return null
}
