import { availableParallelism } from 'node:os'
import path from 'node:path'

import { defineConfig } from 'vitest/config'

import { WalksFirst } from './tests/helpers/sequencer'

/** Puts each test's timeout and failure in the JSON report that `npm test` summarises. */
const REPORT_META = 'tests/helpers/reportMeta.ts'

const config = defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: { 'server-only': path.resolve(import.meta.dirname, 'tests/helpers/empty.ts') },
  },
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.spec.ts', 'tests/int/**/*.int.spec.ts'],
    globalSetup: ['tests/helpers/globalSetup.ts'],
    setupFiles: [REPORT_META, 'tests/helpers/setupEnv.ts'],
    // One worker per core, each with a database of its own (tests/helpers/globalSetup.ts).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    // A worker's files share their modules, and so one Payload (tests/helpers/payload.ts): each
    // file would otherwise import and start it again, which takes longer than most files' tests.
    isolate: false,
    sequence: { sequencer: WalksFirst },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The availability monitor's schedule is off in every test and every server or worker a test
    // starts (they inherit it): a run only when a test asks for one, never the world's sites.
    env: { LINK_CHECK_CRON: 'off' },
  },
})

export default config

/**
 * The base of the runs that make their databases themselves (faults, two instances): no shared
 * database set up before them, none of its environment, and no file of the main run.
 */
export const ownDatabaseBase = {
  ...config,
  test: { ...config.test, globalSetup: [], setupFiles: [REPORT_META], include: [] },
}
