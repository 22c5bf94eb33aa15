'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useRef } from 'react'

import {
  BUILD_CHECK_INTERVAL_MS,
  type ReloadStore,
  claimForcedReload,
  createMemoryStore,
  fullLoadPath,
  isBuildAsset,
  isChunkLoadFailure,
} from '@/client/reloadGuard'

const isPlainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

const openStore = (): ReloadStore => {
  try {
    return window.sessionStorage
  } catch {
    return createMemoryStore()
  }
}

const isFailedChunkElement = (target: EventTarget | null) =>
  (target instanceof HTMLScriptElement && isBuildAsset(target.src)) ||
  (target instanceof HTMLLinkElement && isBuildAsset(target.href))

const isNewerBuildOut = async () => {
  try {
    const response = await fetch('/build-id.json', { cache: 'no-store' })
    if (!response.ok) return false
    const { buildId } = (await response.json()) as { buildId?: string }
    return Boolean(buildId) && buildId !== process.env.NEXT_PUBLIC_BUILD_ID
  } catch {
    return false
  }
}

/**
 * Once a newer build is deployed, or a code chunk failed to load, the next navigation is a full
 * page load, so the visitor gets the new code instead of a broken mix of old and new.
 */
export function BuildUpdateWatcher() {
  const pathname = usePathname()
  const shownPath = useRef(pathname)
  useEffect(() => {
    shownPath.current = pathname
  }, [pathname])

  useEffect(() => {
    const storage = openStore()
    let isReloadPending = false
    const markPending = () => {
      isReloadPending = true
    }

    const checkBuild = async () => {
      if (await isNewerBuildOut()) markPending()
    }
    const onError = (event: Event) => {
      const failure = event instanceof ErrorEvent ? (event.error ?? event.message) : null
      if (isChunkLoadFailure(failure) || isFailedChunkElement(event.target)) markPending()
    }
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadFailure(event.reason)) markPending()
    }

    const onClick = (event: MouseEvent) => {
      if (!isReloadPending || event.defaultPrevented || !isPlainLeftClick(event)) return
      const anchor = (event.target as Element | null)?.closest?.('a[href]')
      if (!(anchor instanceof HTMLAnchorElement)) return
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
      const path = fullLoadPath({ href: anchor.href, current: window.location.href })
      if (!path || !claimForcedReload({ path, storage })) return
      event.preventDefault()
      // Keeps the router's own <Link> handler from starting a client-side navigation as well.
      event.stopPropagation()
      window.location.assign(anchor.href)
    }

    const onPopState = (event: PopStateEvent) => {
      const path = window.location.pathname
      if (!isReloadPending || path === shownPath.current) return
      if (!claimForcedReload({ path, storage })) return
      event.stopImmediatePropagation()
      window.location.reload()
    }

    const timer = window.setInterval(checkBuild, BUILD_CHECK_INTERVAL_MS)
    // A <script> or <link> that fails to load reports an error that does not bubble.
    window.addEventListener('error', onError, true)
    window.addEventListener('unhandledrejection', onRejection)
    document.addEventListener('click', onClick, true)
    // Capture runs before the router's popstate listener, which is then skipped.
    window.addEventListener('popstate', onPopState, true)
    return () => {
      window.clearInterval(timer)
      window.removeEventListener('error', onError, true)
      window.removeEventListener('unhandledrejection', onRejection)
      document.removeEventListener('click', onClick, true)
      window.removeEventListener('popstate', onPopState, true)
    }
  }, [])
  return null
}
