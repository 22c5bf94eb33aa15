'use client'

import { type ReactElement, useEffect, useRef } from 'react'
import type { Instance, Props } from 'tippy.js'
// The base stylesheet also holds the 'fade' animation.
import 'tippy.js/dist/tippy.css'
import 'tippy.js/themes/light.css'

/** Spec §9 tooltip defaults: shown after 300 ms, hidden after 250 ms. */
export const TOOLTIP_DEFAULTS = {
  maxWidth: 350,
  zIndex: 9999,
  animation: 'fade',
  offset: [0, 10],
  delay: [300, 250],
  theme: 'light',
  arrow: false,
} satisfies Partial<Props>

const SHOW_DELAY = TOOLTIP_DEFAULTS.delay[0]

/**
 * A tooltip on `children` (one element). Tippy (and Popper under it) loads when the pointer or
 * the focus first reaches the element, not with the page: most visits never ask for a tooltip.
 */
export function Tooltip({ content, children }: { content: string; children: ReactElement }) {
  const anchor = useRef<HTMLSpanElement>(null)
  const instance = useRef<Instance | null>(null)
  const text = useRef(content)

  useEffect(() => {
    text.current = content
    instance.current?.setContent(content)
  }, [content])

  useEffect(() => {
    const element = anchor.current?.firstElementChild
    if (!element) return
    let isGone = false
    const wake = async () => {
      element.removeEventListener('pointerenter', wake)
      element.removeEventListener('focusin', wake)
      const { default: tippy } = await import('tippy.js')
      if (isGone) return
      const made = tippy(element, { ...TOOLTIP_DEFAULTS, content: text.current })
      instance.current = made
      // The event that woke it has passed: show it as Tippy would have, if still asked for.
      setTimeout(() => {
        if (!isGone && (element.matches(':hover') || element.matches(':focus-visible'))) made.show()
      }, SHOW_DELAY)
    }
    element.addEventListener('pointerenter', wake)
    element.addEventListener('focusin', wake)
    return () => {
      isGone = true
      element.removeEventListener('pointerenter', wake)
      element.removeEventListener('focusin', wake)
      instance.current?.destroy()
      instance.current = null
    }
  }, [])

  return (
    <span ref={anchor} className="tooltip-anchor">
      {children}
    </span>
  )
}
