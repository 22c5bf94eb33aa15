import 'server-only'

import { type Payload, type PayloadRequest, createLocalReq } from 'payload'

import { inTransaction } from '@/server/db'
import { type FeedState, recordFeedStates } from '@/server/sql/rates'

/** Writes at a time: each is one short transaction; the fetches wait on the network, not on these. */
const WRITERS = 4

/**
 * Feeds whose offers stay as they are (a 304, the same body, a failure) only need their state
 * recorded: this many in one statement.
 */
const STATES_AT_ONCE = 250

/** Runs at most `count` of the given works at a time, in the order asked. */
const limit = (count: number) => {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(work: () => Promise<T>): Promise<T> => {
    // A work that ends hands its place to the next one waiting, so none slips in between.
    if (running < count) running += 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }
}

/**
 * The cycle's writes, at most WRITERS at a time: an exchanger's offers in a transaction of its
 * own; the states of feeds whose offers stay, gathered and recorded STATES_AT_ONCE at a time.
 */
export const makeWriter = (payload: Payload, cycle: { dbMs: number }) => {
  const write = limit(WRITERS)
  let pending: FeedState[] = []
  const timed = async <T>(work: () => Promise<T>) =>
    write(async () => {
      const started = performance.now()
      try {
        return await work()
      } finally {
        cycle.dbMs += performance.now() - started
      }
    })
  const flush = async () => {
    const states = pending
    pending = []
    await timed(() => recordFeedStates({ payload, states })).catch((error: unknown) =>
      payload.logger.error({ err: error }, 'Rates: feeds’ states could not be recorded'),
    )
  }
  return {
    /** Runs `work` in one transaction, among the cycle's writes. */
    inTransaction: <T>(work: (req: PayloadRequest) => Promise<T>) =>
      timed(async () => inTransaction(await createLocalReq({}, payload), work)),
    /** Records a feed's state with others. */
    recordLater: async (state: FeedState) => {
      pending.push(state)
      if (pending.length >= STATES_AT_ONCE) await flush()
    },
    flush,
  }
}

export type CycleWriter = ReturnType<typeof makeWriter>
