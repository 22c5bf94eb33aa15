import 'server-only'

import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { APIError, type Payload } from 'payload'
import pg from 'pg'

import {
  RETRY_AFTER_SECONDS,
  isDatabaseDown,
  isDatabaseUnavailableError,
  markDatabaseDown,
  markDatabaseUp,
} from '@/lib/databaseOutage'
import { pingOn } from '@/server/sql/connection'
import { postgresOf } from '@/server/sql/run'

/** How long a readiness check or a probe waits for the database before calling it away (ms). */
export const DATABASE_ANSWER_MS = 2_000
/** How often the database is probed while it is away (ms). */
const PROBE_EVERY_MS = 1_000

type Pool = PostgresAdapter['pool']
type Client = pg.PoolClient
type Logger = Payload['logger']

/** The database could not answer: the request may be tried again (503 with Retry-After). */
export class DatabaseUnavailableError extends APIError {
  constructor(cause?: unknown) {
    super('The database is unavailable', 503, undefined, true)
    this.name = 'DatabaseUnavailableError'
    this.cause = cause
  }
}

/** The headers of a 503 answered while the database is away. */
export const retryAfterHeaders = () => ({ 'Retry-After': String(RETRY_AFTER_SECONDS) })

const asSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const reasonOf = (error: unknown) =>
  error instanceof Error ? ((error as { code?: string }).code ?? error.message) : String(error)

/** One connection outside the pool (a full or stuck pool must not hide a healthy database). */
const databaseAnswers = async (pool: Pool) => {
  const client = new pg.Client({
    ...pool.options,
    connectionTimeoutMillis: DATABASE_ANSWER_MS,
    query_timeout: DATABASE_ANSWER_MS,
  })
  client.on('error', () => {})
  try {
    await client.connect()
    await pingOn(client)
    return true
  } catch {
    return false
  } finally {
    void client.end().catch(() => {})
  }
}

/**
 * pg-pool's word for a request that waited DATABASE_POOL_WAIT_MS for one of the pool's
 * connections, every one of them in use (a connection that fails to open says "Connection
 * terminated"): the requests are many, the database is there. The request answers 503 all the
 * same (src/lib/databaseOutage), but no outage is noted, and the other requests go on.
 */
const isBusyPoolWait = (error: unknown) =>
  error instanceof Error && error.message === 'timeout exceeded when trying to connect'

const watched = new WeakSet<Pool>()
let probing = false

/**
 * Watches the adapter's pool (and any other pool of the process, `watchPool`) so that the
 * database going away is one line in the log, its return another (with the outage's length), and
 * everything between is answered 503:
 * - every failed connection attempt and every query that fails because the connection is gone
 *   marks the database as away (src/lib/databaseOutage), before the failure reaches the code
 *   that made the query;
 * - every client gets an 'error' listener for as long as it lives: node-postgres emits a
 *   checked-out client's connection failure as an event, which unheard ends the process
 *   (`uncaughtException`); the pool itself emits its idle clients' failures;
 * - while the database is away it is probed every second on a connection of its own, and any
 *   new pooled connection that succeeds also ends the outage.
 */
export const watchDatabase = (payload: Payload) =>
  watchPool({ pool: postgresOf(payload).pool, logger: payload.logger })

export const watchPool = ({ pool, logger }: { pool: Pool | undefined; logger: Logger }) => {
  if (!pool || watched.has(pool)) return
  watched.add(pool)

  const probe = async () => {
    if (probing) return
    probing = true
    while (isDatabaseDown()) {
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS).unref())
      if (isDatabaseDown() && (await databaseAnswers(pool))) noteBack(logger)
    }
    probing = false
  }

  const noteFailure = (error: unknown) => {
    if (!isDatabaseUnavailableError(error) || isBusyPoolWait(error)) return
    if (!markDatabaseDown(reasonOf(error))) return
    logger.warn(`The database is unavailable (${reasonOf(error)}): answering 503 until it is back.`)
    void probe()
  }

  const adopt = (client: Client) => {
    client.on('error', noteFailure)
    watchQueries(client, noteFailure)
  }
  pool.on('error', noteFailure)
  pool.on('connect', (client: Client) => {
    noteBack(logger)
    adopt(client)
  })
  // The connection the adapter made at start is already in the pool (pg-pool's own list).
  for (const client of (pool as unknown as { _clients?: Client[] })._clients ?? []) adopt(client)

  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client: Client | undefined, done: () => void) => void,
  ) => Promise<Client> | void
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    if (callback) {
      return connect((error, client, done) => {
        if (error) noteFailure(error)
        callback(error, client, done)
      })
    }
    return (connect() as Promise<Client>).catch((error: unknown) => {
      noteFailure(error)
      throw error
    })
  }) as Pool['connect']
}

const noteBack = (logger: Logger) => {
  const outage = markDatabaseUp()
  if (outage !== null) logger.info(`The database is back after ${asSeconds(outage)}.`)
}

/** Tells `noteFailure` of every failed query of a client, callback or promise alike. */
const watchQueries = (client: Client, noteFailure: (error: unknown) => void) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((...args: unknown[]) => {
    const callback = args.at(-1)
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (error) noteFailure(error)
        callback(error, result)
      }
      return query(...args)
    }
    const result = query(...args)
    if (!(result instanceof Promise)) return result
    return result.catch((error: unknown) => {
      noteFailure(error)
      throw error
    })
  }) as Client['query']
}

/** Whether the database answers within DATABASE_ANSWER_MS (the readiness check). */
export const isDatabaseReady = async (payload: Payload) => {
  const pool = postgresOf(payload).pool
  if (!pool) return false
  const answered = pingOn(pool).then(
    () => true,
    () => false,
  )
  const timedOut = new Promise<false>((resolve) =>
    setTimeout(() => resolve(false), DATABASE_ANSWER_MS).unref(),
  )
  return Promise.race([answered, timedOut])
}
