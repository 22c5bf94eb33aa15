'use client'

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the server's HTML and while hydrating, true after: what works without JavaScript is
 * rendered first, and the scripted control replaces it once the browser runs it.
 */
export const useIsHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
