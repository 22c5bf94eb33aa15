import 'server-only'

import { APIError, type Payload, type PayloadRequest } from 'payload'
import pg from 'pg'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'

import { LOCK_TIME_MS, MAX_LOGIN_ATTEMPTS } from '@/lib/limits'
import { watchPool } from '@/server/databaseHealth'
import { countPool } from '@/server/metrics'
import { postgresOf } from '@/server/sql/run'

/**
 * Limits kept in Postgres (table `rate_limits`, created by a migration), so they survive a restart
 * and hold across every instance of the app.
 */
export const RATE_LIMITS = {
  loginPerAddress: { points: 20, duration: 10 * 60 },
  loginPerAccount: { points: 10, duration: 10 * 60 },
  secondFactorPerAddress: { points: 20, duration: 10 * 60 },
  registerPerAddress: { points: 10, duration: 60 * 60 },
  emailPerAddress: { points: 5, duration: 60 * 60 },
  /** Comments written, per user (editors and admins are not limited). */
  commentPerUser: { points: 5, duration: 60 },
  /** Chat messages, per user (admins are not limited). */
  chatMessagePerUser: { points: 5, duration: 10 },
  /** Messages sent through the contact form, per address. */
  contactPerAddress: { points: 5, duration: 60 * 60 },
  /** Tickets opened and replies written, per user (admins are not limited). */
  ticketMessagePerUser: { points: 20, duration: 60 * 60 },
  /** Verification requests sent, per user. */
  verificationPerUser: { points: 10, duration: 24 * 60 * 60 },
  /** Data archives asked for, per account (each one reads everything the member has). */
  dataExportPerUser: { points: 5, duration: 24 * 60 * 60 },
  /** Wrong current passwords typed to change the password or the email, per account. */
  passwordCheckPerAccount: { points: 10, duration: 10 * 60 },
  /**
   * Sign-in attempts on a login no account has, locked as Payload locks an account: after
   * MAX_LOGIN_ATTEMPTS wrong tries, the next are refused as 'locked' for LOCK_TIME_MS.
   */
  unknownAccount: {
    points: MAX_LOGIN_ATTEMPTS,
    duration: 24 * 60 * 60,
    blockDuration: LOCK_TIME_MS / 1000,
  },
} as const

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

/** Spends one attempt; false once the limit is reached for this key. */
export const consumeAttempt = async ({
  req,
  limit,
  key,
}: {
  req: PayloadRequest
  limit: LimitName
  key: string
}): Promise<boolean> => {
  try {
    await limiterFor(req, limit).consume(key.toLowerCase())
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
