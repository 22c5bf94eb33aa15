'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'

import { EXTERNAL_LINK_REL, toSafeExternalUrl } from '@/lib/externalUrl'

/** A link that leaves the site: opened in a new tab, and only for absolute http(s) addresses. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string
  children: ReactNode
  className?: string
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
    <a href={url.href} target="_blank" rel={EXTERNAL_LINK_REL} className={className}>
      {children}
    </a>
  )
}
