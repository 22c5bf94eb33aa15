import { availableParallelism } from 'node:os'

/**
 * Where the apps under test listen. Each Playwright worker has an app of its own, on a database
 * and upload folder of its own (tests/e2e/server.ts), so the workers' journeys never meet; all
 * apps send their mail to one catcher, read over HTTP at MAIL_API.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS) || availableParallelism()

const FIRST_PORT = Number(process.env.E2E_PORT || 3100)

/** The port of the app of worker `index` (0-based): E2E_PORT, E2E_PORT + 1, … */
export const appPort = (index: number) => FIRST_PORT + index

/** A second instance of worker `index`'s app, for the journeys about several machines. */
export const secondInstancePort = (index: number) => FIRST_PORT + 50 + index

export const appUrl = (index: number) => `http://localhost:${appPort(index)}`

/** The app of the Playwright worker this runs in (its parallel index; 0 outside a worker). */
export const ownAppIndex = () => Number(process.env.TEST_PARALLEL_INDEX || 0)

export const MAIL_API = `http://127.0.0.1:${process.env.E2E_MAIL_PORT || 3199}`
