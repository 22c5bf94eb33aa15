import 'server-only'

import { APIError, type Payload, type PayloadRequest } from 'payload'
import pg from 'pg'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'

import { RATE_LIMITS } from '@/lib/limits'
import { watchPool } from '@/server/databaseHealth'
import { countPool } from '@/server/metrics'
import { postgresOf } from '@/server/sql/run'

export type LimitName = keyof typeof RATE_LIMITS

/** A per-user limit was reached: 429 on every door, with a message in the writer's language. */
export class TooManyRequestsError extends APIError {
  constructor(message: string) {
    super(message, 429, null, true)
    this.name = 'TooManyRequests'
  }
}

/** The connections the limits have to themselves (LIMITS_POOL_SIZE of them). */
export const LIMITS_POOL_SIZE = 2

let limitsPool: pg.Pool | null = null

/**
 * The limits' own pool. A limit is often spent inside a write's transaction (a comment, a chat
 * message, a sign-in's afterLogin): on the adapter's pool, as many such writes at once as it has
 * connections would each hold one and wait for another, forever. The limits' statements hold
 * nothing while they wait, so their small pool always drains.
 */
const limitsPoolOf = (payload: Payload) => {
  if (!limitsPool) {
    limitsPool = new pg.Pool({ ...postgresOf(payload).pool.options, max: LIMITS_POOL_SIZE })
    watchPool({ pool: limitsPool, logger: payload.logger })
    countPool('limits', limitsPool)
  }
  return limitsPool
}

/** Ends the limits' pool, if the process opened it (closePayload). */
export const closeLimitsPool = async () => {
  const pool = limitsPool
  limitsPool = null
  limiters.clear()
  await pool?.end()
}

const limiters = new Map<LimitName, RateLimiterPostgres>()

const limiterFor = (req: PayloadRequest, name: LimitName) => {
  let limiter = limiters.get(name)
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: limitsPoolOf(req.payload),
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: name,
      ...RATE_LIMITS[name],
    })
    limiters.set(name, limiter)
  }
  return limiter
}

/** Spends one attempt (or `points`); false once the limit is reached for this key. */
export const consumeAttempt = async ({
  req,
  limit,
  key,
  points = 1,
}: {
  req: PayloadRequest
  limit: LimitName
  key: string
  points?: number
}): Promise<boolean> => {
  try {
    await limiterFor(req, limit).consume(key.toLowerCase(), points)
    return true
  } catch (error) {
    if (error instanceof RateLimiterRes) return false
    throw error
  }
}

/** Forgets the attempts spent on `keys` (a success that proves what the limit guards). */
export const forgetAttempts = async ({
  req,
  limit,
  keys,
}: {
  req: PayloadRequest
  limit: LimitName
  keys: string[]
}) => {
  const limiter = limiterFor(req, limit)
  await Promise.all(keys.map((key) => limiter.delete(key.toLowerCase())))
}
