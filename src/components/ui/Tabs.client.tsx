'use client'

import { useTranslations } from 'next-intl'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'

export type Tab = { id: string; label: ReactNode; content: ReactNode; hasError?: boolean }

const FOCUSABLE_ERROR = '[aria-invalid="true"]'
const CONTROLS = 'input, select, textarea'

const isInvalid = (element: Element) =>
  'validity' in element && !(element as HTMLInputElement).validity.valid

/**
 * Shows a field that holds an error where its tab opened: the tabs' labels (which language, which
 * part of the form) below the sticky header, then the field, focused, in view.
 */
const reveal = (root: HTMLElement, field: HTMLElement) => {
  root.querySelector('[role="tablist"]')?.scrollIntoView({ block: 'start' })
  field.focus({ preventScroll: true })
  const { top, bottom } = field.getBoundingClientRect()
  if (bottom > window.innerHeight || top < 0) field.scrollIntoView({ block: 'nearest' })
}

/**
 * Tabs whose panels stay mounted (a form keeps what was typed in a hidden tab), and that never
 * hide an error:
 * - the browser's own check of the form shows the first invalid field of the open tab, if it has
 *   one, else opens the tab of the form's first invalid field (a hidden field cannot take focus,
 *   so the browser alone would show nothing);
 * - a tab whose panel has errors from the server says so, and when errors arrive the first such
 *   tab opens and its first invalid field takes focus;
 * either way the tabs' labels and the field come into view below the sticky header.
 * Arrow keys, Home and End move between tabs (WAI-ARIA tabs, automatic activation).
 */
export function Tabs({ label, tabs, initial }: { label: string; tabs: Tab[]; initial?: string }) {
  const t = useTranslations('ui')
  const base = useId()
  const [selected, setSelected] = useState(initial ?? tabs[0]?.id)
  const root = useRef<HTMLDivElement>(null)
  const tabRefs = useRef(new Map<string, HTMLButtonElement>())

  // The browser's validation: `invalid` does not bubble, so it is caught on the way down.
  useEffect(() => {
    const element = root.current
    if (!element) return
    let handled = false
    let reporting = false
    const onInvalid = () => {
      // One decision per check (every invalid field fires), none for our own report below.
      if (handled || reporting) return
      handled = true
      queueMicrotask(() => (handled = false))
      const controls = Array.from(element.closest('form')?.elements ?? [])
      const first = controls.find(isInvalid) as HTMLElement | undefined
      // A field before the tabs (or none of theirs) comes first: the browser shows it.
      if (!first || !element.contains(first)) return
      const open = element.querySelector('[role="tabpanel"]:not([hidden])')
      const here = Array.from(open?.querySelectorAll<HTMLElement>(CONTROLS) ?? []).find(isInvalid)
      const field = here ?? first
      const panel = field.closest<HTMLElement>('[role="tabpanel"]')
      // The open tab's first field is the form's first: the browser shows it where it is.
      if (field === first && !panel?.hidden) return
      const id = panel?.dataset.tab
      if (id && panel.hidden) flushSync(() => setSelected(id))
      requestAnimationFrame(() => {
        reveal(element, field)
        reporting = true
        ;(field as HTMLInputElement).reportValidity?.()
        reporting = false
      })
    }
    element.addEventListener('invalid', onInvalid, true)
    return () => element.removeEventListener('invalid', onInvalid, true)
  }, [])

  // Errors from the server: open the first tab that has some, focus its first invalid field.
  const errorKey = tabs
    .filter((tab) => tab.hasError)
    .map((tab) => tab.id)
    .join(' ')
  const [seenErrors, setSeenErrors] = useState('')
  if (errorKey !== seenErrors) {
    // Adjusted while rendering, so the tab opens in the same paint as the errors appear.
    setSeenErrors(errorKey)
    const ids = errorKey ? errorKey.split(' ') : []
    if (ids.length && !ids.includes(selected ?? '')) setSelected(ids[0])
  }
  useEffect(() => {
    if (!errorKey) return
    requestAnimationFrame(() => {
      const element = root.current
      const field = element?.querySelector<HTMLElement>(
        `[role="tabpanel"]:not([hidden]) ${FOCUSABLE_ERROR}`,
      )
      if (element && field) reveal(element, field)
    })
  }, [errorKey])

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected)
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null
    if (next === null) return
    event.preventDefault()
    const id = tabs[next].id
    setSelected(id)
    tabRefs.current.get(id)?.focus()
  }

  return (
    <div className="tabs" ref={root}>
      <div role="tablist" aria-label={label} className="tab-list">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.id, element)
              else tabRefs.current.delete(tab.id)
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className={tab.hasError ? 'tab tab-error' : 'tab'}
            onClick={() => setSelected(tab.id)}
            onKeyDown={move}
          >
            {tab.label}
            {tab.hasError && (
              <>
                <span className="tab-error-mark" aria-hidden="true">
                  !
                </span>
                <span className="visually-hidden">{t('tab-has-errors')}</span>
              </>
            )}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          data-tab={tab.id}
          hidden={tab.id !== selected}
          className="tab-panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  )
}
