'use client'

import { useTranslations } from 'next-intl'
import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * "Page not found: {path}". A missing directory page is cached like the page would have been, so
 * the path comes from the address bar rather than the request.
 */
export function NotFoundMessage() {
  const t = useTranslations('errors')
  const path = useSyncExternalStore(
    subscribe,
    () => window.location.pathname,
    () => '',
  )
  return t('not-found-message', { path })
}
