'use client'

import { usePathname } from 'next/navigation'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'

import { SearchIcon } from '@/components/ui/SearchIcon'

import { useDismiss } from './useDismiss.client'
import { useIsHydrated } from './useIsHydrated.client'

const PANEL_ID = 'header-search-panel'

/**
 * The header's search box (`children`): in the row on wide screens; on phones behind a button
 * that opens it under the row. Without JavaScript that button is a link to the search page, which
 * has a search form of its own.
 */
export function HeaderSearch({
  label,
  searchHref,
  children,
}: {
  label: string
  searchHref: string
  children: ReactNode
}) {
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const [isOpen, setIsOpen] = useState(false)
  const isHydrated = useIsHydrated()
  const pathname = usePathname()

  const close = useCallback(({ returnFocus }: { returnFocus: boolean }) => {
    setIsOpen(false)
    if (returnFocus) button.current?.focus()
  }, [])
  useDismiss({ isOpen, root, onDismiss: close })

  useEffect(() => {
    if (isOpen) root.current?.querySelector<HTMLInputElement>(`#${PANEL_ID} input`)?.focus()
  }, [isOpen])

  // A search sent, or any other navigation, closes it.
  const [openedAt, setOpenedAt] = useState(pathname)
  if (isOpen && openedAt !== pathname) {
    setIsOpen(false)
    setOpenedAt(pathname)
  }

  const icon = <SearchIcon />
  return (
    <div ref={root} className={isOpen ? 'header-search is-open' : 'header-search'}>
      {isHydrated ? (
        <button
          ref={button}
          type="button"
          className="icon-button header-search-toggle"
          aria-expanded={isOpen}
          aria-controls={PANEL_ID}
          onClick={() => {
            setOpenedAt(pathname)
            setIsOpen(!isOpen)
          }}
        >
          {icon}
          <span className="visually-hidden">{label}</span>
        </button>
      ) : (
        <a href={searchHref} className="icon-button header-search-toggle">
          {icon}
          <span className="visually-hidden">{label}</span>
        </a>
      )}
      <div id={PANEL_ID} className="header-search-panel">
        {children}
      </div>
    </div>
  )
}
