'use client'

import { RefreshRouteOnSave } from '@payloadcms/live-preview-react'
import { useRouter } from 'next/navigation'

import { useIsHydrated } from '@/components/useIsHydrated.client'

/**
 * Renders the page again each time the admin autosaves the draft: the admin, on this same
 * origin, frames this page and tells it so.
 */
export function PreviewRefresh() {
  const router = useRouter()
  const isHydrated = useIsHydrated()
  if (!isHydrated) return null
  return <RefreshRouteOnSave refresh={() => router.refresh()} serverURL={window.location.origin} />
}
