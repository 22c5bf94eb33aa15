import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'

/**
 * What a request carries through the app: its id, taken from a sane `X-Request-Id` the balancer
 * or client sent, else made here. One store per process on `globalThis`, shared by
 * scripts/serve.ts, which opens it for each request (and, like src/server/primaryReads.ts, loads
 * this module outside Next, without `server-only`), and the app's bundles, whose log lines carry
 * the id (payload.config.ts, the logger's mixin).
 */
type RequestContext = { id: string }

const STORE = Symbol.for('obzor.requestContext')
const holder = globalThis as typeof globalThis & Record<symbol, unknown>
const store = (holder[STORE] ??=
  new AsyncLocalStorage<RequestContext>()) as AsyncLocalStorage<RequestContext>

export const REQUEST_ID_HEADER = 'x-request-id'

/** An id another hop gave (letters, digits, `.`, `_`, `-`, up to 64), else a new one. */
export const requestIdFrom = (given: string | string[] | undefined) => {
  const value = Array.isArray(given) ? given[0] : given
  return value && /^[\w.-]{1,64}$/.test(value) ? value : randomUUID()
}

/** Runs `task` as the request `id`. */
export const withRequestId = <T>(id: string, task: () => T): T => store.run({ id }, task)

/** The id of the request this code runs for, if any. */
export const currentRequestId = () => store.getStore()?.id

/** Runs `task` outside any request (its log lines carry no request's id). */
export const outsideRequest = <T>(task: () => T): T => store.exit(task)
