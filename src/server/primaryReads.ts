import { AsyncLocalStorage } from 'node:async_hooks'

import { env } from './envSchema'

/**
 * Reads that must see the latest write go to the primary when the database has read replicas
 * (DATABASE_REPLICA_URLS): the patched adapter (patches/@payloadcms+drizzle) asks this before each
 * read outside a transaction. One store per process on `globalThis`, shared by scripts/serve.ts,
 * which decides per request, and the app's bundles, which wrap the cached reads.
 */
const KEY = Symbol.for('payload.readsFromPrimary')
const STORE = Symbol.for('obzor.primaryReads')

type Holder = Record<symbol, unknown>
const holder = globalThis as typeof globalThis & Holder

const store = (holder[STORE] ??= new AsyncLocalStorage<boolean>()) as AsyncLocalStorage<boolean>
holder[KEY] ??= () => store.getStore() === true

/** Runs `task` with every read it makes from the primary. */
export const readFromPrimary = <T>(task: () => T): T => store.run(true, task)

/** The database's read replicas (DATABASE_REPLICA_URLS, comma-separated), or none. */
export const replicaUrls = (): string[] | undefined => {
  const urls = env().DATABASE_REPLICA_URLS
  return urls?.length ? urls : undefined
}
