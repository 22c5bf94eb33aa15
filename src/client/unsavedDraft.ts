import { useEffect, useState, useSyncExternalStore } from 'react'

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Nothing else writes a draft while the page is open: the tab's store is read, not watched. */
const unwatched = () => () => {}

/**
 * A form's values and whether they differ from what is saved. Unsaved values are kept in this
 * tab (sessionStorage, under `key`) until saved, so a reload the page makes for another reason
 * (another section's change of language) brings them back, still marked unsaved. `parse` reads
 * them back, or refuses what is no longer a valid value (null). The server renders the saved
 * values; the kept ones come with the first render in the browser.
 */
export const useUnsavedDraft = <T>({
  key,
  saved,
  parse,
}: {
  key: string
  saved: T
  parse: (kept: unknown) => T | null
}) => {
  const [base, setBase] = useState(saved)
  const [edited, setEdited] = useState<T | null>(null)
  const kept = useSyncExternalStore(
    unwatched,
    () => sessionStorage.getItem(key),
    () => null,
  )
  const value = edited ?? readKept(kept, parse) ?? base
  const isDirty = !same(value, base)

  useEffect(() => {
    if (edited === null) return
    if (isDirty) sessionStorage.setItem(key, JSON.stringify(edited))
    else sessionStorage.removeItem(key)
  }, [key, edited, isDirty])

  /** What the server now holds: the form shows it, nothing unsaved is left. */
  const markSaved = (next: T) => {
    sessionStorage.removeItem(key)
    setBase(next)
    setEdited(null)
  }

  const setValue = (update: T | ((current: T) => T)) =>
    setEdited(update instanceof Function ? update(value) : update)

  return { value, setValue, isDirty, markSaved }
}

const readKept = <T>(text: string | null, parse: (kept: unknown) => T | null): T | null => {
  if (!text) return null
  try {
    return parse(JSON.parse(text))
  } catch {
    return null
  }
}
