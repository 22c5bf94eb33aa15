import 'server-only'

import type pg from 'pg'

/**
 * The statements said on a connection of pg's own rather than in a request's transaction: the
 * buses' LISTEN and the presence's NOTIFY on their dedicated clients, and the health checks'
 * `select 1` (on a client outside the pool, or on the pool).
 */
type Connection = Pick<pg.ClientBase, 'query'> | pg.Pool

/** Whether the database answers at all (any error is the caller's). */
export const pingOn = (connection: Connection) => connection.query('select 1')

/** Listens on the channels, on a client kept for it (one LISTEN each, in one round trip). */
export const listenOn = (client: pg.ClientBase, channels: readonly string[]) =>
  client.query(channels.map((channel) => `LISTEN ${channel}`).join('; '))

/** Sends `payload` on `channel` now, outside any transaction. */
export const notifyOn = (client: pg.ClientBase, channel: string, payload: string) =>
  client.query('select pg_notify($1, $2)', [channel, payload])
