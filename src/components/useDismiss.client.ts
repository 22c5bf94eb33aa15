'use client'

import { type RefObject, useEffect } from 'react'

/**
 * Closes an open header panel (the menu, the search) when Escape is pressed, when the visitor
 * clicks outside `root`, or when focus leaves it for something outside (Tab past its last link):
 * nothing is trapped. `onDismiss` gets whether focus should go back to the panel's button.
 */
export const useDismiss = ({
  isOpen,
  root,
  onDismiss,
}: {
  isOpen: boolean
  root: RefObject<HTMLElement | null>
  onDismiss: (options: { returnFocus: boolean }) => void
}) => {
  useEffect(() => {
    if (!isOpen) return
    const isOutside = (target: EventTarget | null) =>
      target instanceof Node && !root.current?.contains(target)
    const onKeyDown = (event: KeyboardEvent) => {
      // A widget inside that used Escape itself (a list of suggestions) says so.
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      onDismiss({ returnFocus: true })
    }
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(event.target)) onDismiss({ returnFocus: false })
    }
    const onFocusIn = (event: FocusEvent) => {
      if (isOutside(event.target)) onDismiss({ returnFocus: false })
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('focusin', onFocusIn)
    }
  }, [isOpen, root, onDismiss])
}
