import { defineConfig, mergeConfig } from 'vitest/config'

import { ownDatabaseBase } from './vitest.config'

/**
 * The several-machines tests (`npm run test:cluster`, after `npm run build`): two web instances,
 * a worker, a Redis of the test's own and a balancer (scripts/lib/cluster.ts), on a database of
 * the test's own on DATABASE_URL's server.
 */
export default mergeConfig(
  ownDatabaseBase,
  defineConfig({
    test: {
      include: ['tests/cluster/**/*.cluster.spec.ts'],
      isolate: true,
      testTimeout: 60_000,
      hookTimeout: 240_000,
    },
  }),
)
