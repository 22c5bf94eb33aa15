import 'server-only'

import { isDatabaseUnavailableError } from '@/lib/databaseOutage'

type LogMethod = (...args: unknown[]) => void

/** Pino's number for the `error` level. */
const ERROR_LEVEL = 50

/** The HTTP status an error answers with: its own, or for GraphQL the one of the error inside. */
const statusOf = (error: unknown): number | undefined => {
  if (!error || typeof error !== 'object') return undefined
  const { status, originalError } = error as { status?: unknown; originalError?: unknown }
  return typeof status === 'number' ? status : statusOf(originalError)
}

/**
 * Pino's hooks for Payload's logger. An error that only says the database is away is not logged
 * again for every request that met it (`watchDatabase` tells the outage once, and its end). An
 * error the caller's own request caused (a 4xx: refused input, no right, nothing there) is one
 * line at `info`, as Payload logs its own refusals: a log of stacks for every bad request would
 * bury the server's real faults and cost each request the time to write them.
 */
export const payloadLogHooks = {
  logMethod(this: Record<'info', LogMethod>, args: unknown[], method: LogMethod, level: number) {
    const [first] = args
    const error = (first as { err?: unknown } | undefined)?.err ?? first
    if (isDatabaseUnavailableError(error)) return
    const status = statusOf(error)
    if (level >= ERROR_LEVEL && status !== undefined && status < 500) {
      this.info(`${status} ${error instanceof Error ? error.message : String(args.at(-1))}`)
      return
    }
    method.apply(this, args)
  },
}
