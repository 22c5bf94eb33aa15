'use client'

import { type ComponentType, Suspense, lazy } from 'react'

import { useIsHydrated } from './useIsHydrated.client'

/**
 * A component whose code the browser loads only once the page has come to life, and only where
 * it is rendered: the server's HTML and the hydration show `Placeholder` (nothing by default).
 * React's own `lazy`: next/dynamic would add its loader to every page's scripts.
 */
export const clientOnly = <Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  Placeholder: ComponentType = () => null,
) => {
  const Lazy = lazy(async () => ({ default: await load() }))
  function ClientOnly(props: Props) {
    const isHydrated = useIsHydrated()
    if (!isHydrated) return <Placeholder />
    return (
      <Suspense fallback={<Placeholder />}>
        <Lazy {...props} />
      </Suspense>
    )
  }
  return ClientOnly
}
