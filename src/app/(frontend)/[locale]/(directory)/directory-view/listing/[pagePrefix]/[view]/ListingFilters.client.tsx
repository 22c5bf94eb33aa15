'use client'

import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
  useTransition,
} from 'react'

import { useRouter } from '@/i18n/navigation'
import { listingHrefOf } from '@/lib/listingUrl'

export type ListingFiltersLabels = {
  filters: string
  active: string
  close: string
  done: string
}

/**
 * A change that navigates renders the next view as a new page, which remounts this component:
 * what it carries over (the open sheet, the control in use) waits here for the next view's form.
 */
let carried: { search: string; isOpen: boolean; focusId?: string } | null = null

const PHONE = '(max-width: 720px)'

/**
 * The listing's filters: a change applies at once (client navigation to the clean address, scroll
 * kept). On phones they open in a sheet from a "Filters" button (a modal dialog). Without
 * JavaScript the form is a plain GET form with its own submit button (the page's <noscript>),
 * and the proxy cleans the empty parameters it sends.
 */
export function ListingFilters({
  path,
  action,
  search,
  activeCount,
  labels,
  children,
}: {
  /** The listing's address, locale left out: the router adds it. */
  path: string
  action: string
  /** This view's query as its address shows it (src/lib/listingUrl.ts). */
  search: string
  activeCount: number
  labels: ListingFiltersLabels
  children: ReactNode
}) {
  const router = useRouter()
  const [, startTransition] = useTransition()
  const [arrived] = useState(() => (carried?.search === search ? carried : null))
  const [isOpen, setIsOpen] = useState(arrived?.isOpen ?? false)
  const panel = useRef<HTMLDivElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)

  useEffect(() => {
    carried = null
    if (arrived?.focusId && !arrived.isOpen) document.getElementById(arrived.focusId)?.focus()
  }, [arrived])

  useEffect(() => {
    if (!isOpen || !panel.current) return
    const sheet = panel.current
    const restore = makeOthersInert(sheet)
    const root = document.documentElement
    const overflow = root.style.overflow
    root.style.overflow = 'hidden'
    const target = arrived?.focusId && document.getElementById(arrived.focusId)
    ;(target || sheet.querySelector<HTMLElement>('form select, form input'))?.focus()
    // Grown past a phone's width, the form stands in the page again.
    const wide = matchMedia(PHONE)
    const onResize = () => !wide.matches && setIsOpen(false)
    wide.addEventListener('change', onResize)
    return () => {
      wide.removeEventListener('change', onResize)
      restore()
      root.style.overflow = overflow
    }
  }, [isOpen, arrived])

  useEffect(() => {
    if (isOpen || !returnFocus.current) return
    returnFocus.current = false
    opener.current?.focus()
  }, [isOpen])

  const close = () => {
    returnFocus.current = true
    setIsOpen(false)
  }

  const apply = (form: HTMLFormElement, focusId?: string) => {
    const values = Object.fromEntries(
      [...new FormData(form)].map(([key, value]) => [key, String(value)]),
    )
    const href = listingHrefOf({ path, values })
    carried = { search: href.slice(path.length), isOpen, focusId }
    startTransition(() => router.push(href, { scroll: false }))
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (isOpen && event.key === 'Escape') {
      event.stopPropagation()
      close()
    }
  }

  return (
    <div className="listing-filters">
      <button
        ref={opener}
        type="button"
        className="button button-secondary filters-toggle"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls="listing-filters-panel"
        onClick={() => setIsOpen(true)}
      >
        <FilterIcon />
        {labels.filters}
        {activeCount > 0 && (
          <span className="filters-count">
            {activeCount}
            <span className="visually-hidden"> {labels.active}</span>
          </span>
        )}
      </button>
      {isOpen && <div className="filters-backdrop" data-sheet-part onClick={close} />}
      <div
        ref={panel}
        id="listing-filters-panel"
        className={isOpen ? 'filters-panel is-open' : 'filters-panel'}
        onKeyDown={onKeyDown}
        {...(isOpen
          ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': 'filters-title' }
          : {})}
      >
        <div className="filters-sheet-header">
          <h2 id="filters-title">{labels.filters}</h2>
          <button type="button" className="icon-button" onClick={close} aria-label={labels.close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <form
          className="filters"
          method="get"
          action={action}
          aria-label={labels.filters}
          onChange={(event) => {
            const control = event.target as HTMLElement
            apply(event.currentTarget, control.id || undefined)
          }}
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault()
            apply(event.currentTarget)
          }}
        >
          {children}
        </form>
        <div className="filters-sheet-footer">
          <button type="button" className="button" onClick={close}>
            {labels.done}
          </button>
        </div>
      </div>
    </div>
  )
}

/**
 * Makes everything but `element` (and the sheet's own parts) inert, up to <body>: a modal sheet
 * keeps focus and assistive technology inside. Returns what undoes it.
 */
const makeOthersInert = (element: HTMLElement) => {
  const made: HTMLElement[] = []
  for (let node: HTMLElement | null = element; node && node !== document.body;) {
    const parent: HTMLElement | null = node.parentElement
    for (const sibling of Array.from(parent?.children ?? [])) {
      if (sibling === node || !(sibling instanceof HTMLElement)) continue
      if (sibling.inert || 'sheetPart' in sibling.dataset) continue
      sibling.inert = true
      made.push(sibling)
    }
    node = parent
  }
  return () => {
    for (const sibling of made) sibling.inert = false
  }
}

function FilterIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none">
      <path
        d="M4 6h16M7 12h10M10 18h4"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  )
}
