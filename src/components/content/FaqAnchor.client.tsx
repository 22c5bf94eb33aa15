'use client'

import { useEffect } from 'react'

import { decodedOr } from '@/lib/percentEncoding'

/**
 * Opens the question the address names (`/faqs#slug`), on arrival and whenever the fragment
 * changes, and brings it into view with its summary focused; a question opened by hand puts its
 * own address in the bar, so it can be shared from there too.
 */
export function FaqAnchor() {
  useEffect(() => {
    const openTarget = () => {
      const id = decodedOr(window.location.hash.slice(1), '')
      const target = id ? document.getElementById(id) : null
      if (!(target instanceof HTMLDetailsElement)) return
      target.open = true
      target.scrollIntoView({ block: 'start' })
      target.querySelector('summary')?.focus({ preventScroll: true })
    }
    const onToggle = (event: Event) => {
      const item = event.target
      if (!(item instanceof HTMLDetailsElement) || !item.open || !item.id) return
      if (!item.classList.contains('faq-item')) return
      if (window.location.hash !== `#${item.id}`) {
        window.history.replaceState(window.history.state, '', `#${item.id}`)
      }
    }
    openTarget()
    window.addEventListener('hashchange', openTarget)
    // `toggle` does not bubble: it is caught on its way down.
    document.addEventListener('toggle', onToggle, true)
    return () => {
      window.removeEventListener('hashchange', openTarget)
      document.removeEventListener('toggle', onToggle, true)
    }
  }, [])
  return null
}
