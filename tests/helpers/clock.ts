import { vi } from 'vitest'

const DAY_MS = 86_400_000

/**
 * Moves this process's clock to `at`, from where it runs on at the real pace until `realClock`.
 * Only `Date` moves: timers keep real time, and so does the database's own `now()`. A test that
 * moves it puts it back in a `finally` or an `afterEach`, so that no other test meets it.
 */
export const setClock = (at: Date | number) => {
  vi.useFakeTimers({ toFake: ['Date'], now: at, shouldAdvanceTime: true })
}

/** The real clock again. */
export const realClock = () => {
  vi.useRealTimers()
}

/**
 * Keeps this process's clock inside one UTC day for the next `forMs` (ten minutes): it stays where
 * it is, or, when the day would end sooner, goes on from the first second of the next day. A test
 * of what is counted "today" meets no midnight between its writes and its reads. Answers the day.
 */
export const holdTheDay = (forMs = 10 * 60_000) => {
  const now = Date.now()
  const nextDay = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS
  setClock(nextDay - now < forMs ? nextDay + 1000 : now)
  return new Date().toISOString().slice(0, 10)
}
