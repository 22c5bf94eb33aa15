import { useSyncExternalStore } from 'react'

import { COMPARE_MAX, isComparableSlug } from '@/lib/compareQuery'

/**
 * The visitor's choice of resources to compare, kept in this browser only (localStorage): the
 * pages that offer it are cached and the same for everyone, so they render the control unpressed
 * and the browser marks what it holds once hydrated. Every tab follows a change (`storage`).
 */
export type Picked = { slug: string; title: string }

const KEY = 'compare-resources'
const NONE: Picked[] = []
const listeners = new Set<() => void>()
let last: { raw: string | null; value: Picked[] } = { raw: null, value: NONE }

const parse = (raw: string | null): Picked[] => {
  try {
    const value: unknown = JSON.parse(raw ?? '[]')
    if (!Array.isArray(value)) return NONE
    return value
      .filter(
        (item): item is Picked =>
          typeof item?.slug === 'string' &&
          isComparableSlug(item.slug) &&
          typeof item?.title === 'string',
      )
      .slice(0, COMPARE_MAX)
  } catch {
    return NONE
  }
}

/** The stored choice; the same array while the stored text is the same (React compares them). */
const read = (): Picked[] => {
  let raw: string | null = null
  try {
    raw = window.localStorage.getItem(KEY)
  } catch {
    // Storage refused (a private window's policy): nothing is kept.
  }
  if (raw !== last.raw) last = { raw, value: parse(raw) }
  return last.value
}

const write = (next: Picked[]) => {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(next))
  } catch {
    return
  }
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener()
  }
  listeners.add(listener)
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export const usePicked = () => useSyncExternalStore(subscribe, read, () => NONE)

/** Adds a resource to the stored choice, when there is room. */
export const pick = (item: Picked) => {
  const picked = read()
  if (picked.length < COMPARE_MAX && !picked.some(({ slug }) => slug === item.slug))
    write([...picked, item])
}

/** Drops a resource from the stored choice (the comparison's own "Remove" link calls it too). */
export const unpick = (slug: string) => write(read().filter((item) => item.slug !== slug))
