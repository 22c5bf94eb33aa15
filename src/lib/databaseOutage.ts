/**
 * Whether the database is answering, as one process sees it: set by the pool's watch
 * (src/server/databaseHealth.ts), read by the app's HTTP server (scripts/serve.ts) to answer 503
 * for a page that failed meanwhile. Next bundles the app's modules apart from the server script,
 * so the state lives on `globalThis`, not in this module.
 */
type DatabaseState = { down: boolean; since: number; reason: string }

const STATE = Symbol.for('obzor.databaseState')

const state = (): DatabaseState => {
  const holder = globalThis as typeof globalThis & { [STATE]?: DatabaseState }
  holder[STATE] ??= { down: false, since: 0, reason: '' }
  return holder[STATE]
}

/** What a client is told to wait before trying again while the database is away (seconds). */
export const RETRY_AFTER_SECONDS = 5

export const isDatabaseDown = () => state().down

/** Marks the database as away; true if it was answering until now. */
export const markDatabaseDown = (reason: string): boolean => {
  const current = state()
  if (current.down) return false
  Object.assign(current, { down: true, since: Date.now(), reason })
  return true
}

/** Marks the database as answering again; the outage's length in ms, or null if there was none. */
export const markDatabaseUp = (): number | null => {
  const current = state()
  if (!current.down) return null
  current.down = false
  return Date.now() - current.since
}

// Node's network failures, and PostgreSQL's connection exceptions (class 08), shutdowns and
// start-ups (57P01 admin, 57P02 crash, 57P03 cannot connect now) and a full server (53300).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
// node-postgres's own words for a connection it lost or could not make.
const LOST_CONNECTION =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection closed/i

const isUnavailableItself = (error: object) => {
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown }
  // The app's own word for it (src/server/databaseHealth.ts).
  if (name === 'DatabaseUnavailableError') return true
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code))) return true
  if (typeof code === 'string' && /^08[0-9A-Z]{3}$/.test(code)) return true
  return typeof message === 'string' && LOST_CONNECTION.test(message)
}

/**
 * An error that says the database could not be reached or went away (anywhere along its causes:
 * drizzle and Payload wrap the driver's error), as opposed to one that says the request or the
 * code was wrong.
 */
export const isDatabaseUnavailableError = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 8) return false
  if (isUnavailableItself(error)) return true
  const { cause, errors } = error as { cause?: unknown; errors?: unknown }
  if (isDatabaseUnavailableError(cause, depth + 1)) return true
  return (
    Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailableError(inner, depth + 1))
  )
}
