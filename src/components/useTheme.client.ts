'use client'

import { useSyncExternalStore } from 'react'

import { type Theme, isTheme } from '@/lib/theme'

export const readTheme = (): Theme => {
  const value = document.documentElement.dataset.theme
  return isTheme(value) ? value : 'light'
}

// The <html data-theme> attribute is the source of truth: set by the boot script before paint.
const subscribe = (onChange: () => void) => {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

/** The scheme shown now; null while rendering on the server, which cannot know it. */
export const useTheme = (): Theme | null => useSyncExternalStore(subscribe, readTheme, () => null)
