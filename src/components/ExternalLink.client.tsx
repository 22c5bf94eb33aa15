'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'

import { TRACK_LINK_ATTRIBUTE, TRACK_RESOURCE_ATTRIBUTE } from '@/client/track'
import type { TrackLink } from '@/lib/analytics'
import { EXTERNAL_LINK_REL, toSafeExternalUrl } from '@/lib/externalUrl'

/**
 * A link that leaves the site: opened in a new tab, and only for absolute http(s) addresses. With
 * `track`, a click on it counts for the resource's analytics (a website or a mirror).
 */
export function ExternalLink({
  href,
  children,
  className,
  track,
}: {
  href: string
  children: ReactNode
  className?: string
  track?: { resource: number; link: TrackLink }
}) {
  const t = useTranslations('errors')
  const url = toSafeExternalUrl(href)
  if (!url) {
    return (
      <span
        className={['external-link-refused', className].filter(Boolean).join(' ')}
        title={t('external-link-refused')}
        aria-disabled="true"
      >
        {children}
      </span>
    )
  }
  return (
    <a
      href={url.href}
      target="_blank"
      rel={EXTERNAL_LINK_REL}
      className={className}
      {...(track
        ? { [TRACK_RESOURCE_ATTRIBUTE]: track.resource, [TRACK_LINK_ATTRIBUTE]: track.link }
        : {})}
    >
      {children}
    </a>
  )
}
