'use client'

import { usePathname } from 'next/navigation'
import {
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useSyncExternalStore,
} from 'react'

import { useDismiss } from './useDismiss.client'
import { useIsHydrated } from './useIsHydrated.client'

const PANEL_ID = 'site-menu-panel'

/**
 * The header's menu on phones (hidden on wider screens, where the header shows it all in its row):
 * a <details> disclosure, so it opens without JavaScript too. The script adds what <details>
 * lacks: Escape, a click outside and a navigation close it, and focus goes back to its button.
 * It is no modal: focus may leave it, which closes it.
 */
export function SiteMenu({ label, children }: { label: string; children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null)
  const button = useRef<HTMLElement>(null)
  const isHydrated = useIsHydrated()
  const pathname = usePathname()
  // The element's own state, which a tap opens before the script has loaded too.
  const subscribe = useCallback((onChange: () => void) => {
    const menu = details.current
    menu?.addEventListener('toggle', onChange)
    return () => menu?.removeEventListener('toggle', onChange)
  }, [])
  const isOpen = useSyncExternalStore(
    subscribe,
    () => details.current?.open ?? false,
    () => false,
  )

  const close = useCallback(({ returnFocus }: { returnFocus: boolean }) => {
    if (!details.current?.open) return
    details.current.open = false
    if (returnFocus) button.current?.focus()
  }, [])
  useDismiss({ isOpen, root: details, onDismiss: close })

  // The back and forward buttons navigate without a click in the menu. Only a new path closes it:
  // a menu tapped open before the script ran stays open as the script starts.
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    if (details.current) details.current.open = false
  }, [pathname])

  // A link followed from the menu leaves it open over the next page otherwise: the header stays.
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) close({ returnFocus: true })
  }

  return (
    <details ref={details} className="site-menu">
      <summary
        ref={button}
        className="icon-button site-menu-button"
        aria-controls={PANEL_ID}
        aria-expanded={isHydrated ? isOpen : undefined}
      >
        <svg className="icon-menu" aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
          <path
            d="M4 7h16M4 12h16M4 17h16"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <svg className="icon-close" aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
          <path
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span className="visually-hidden">{label}</span>
      </summary>
      <div id={PANEL_ID} className="site-menu-panel" onClick={onClick}>
        {children}
      </div>
    </details>
  )
}
