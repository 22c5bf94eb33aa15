import { defineConfig, mergeConfig } from 'vitest/config'

import { ownDatabaseBase } from './vitest.config'

/**
 * The fault tests (`npm run test:faults`, after `npm run build`): the production server on an
 * embedded PostgreSQL of each test file's own, stopped and started under load. They share no
 * database with the other tests, so none is made for them.
 */
export default mergeConfig(
  ownDatabaseBase,
  defineConfig({
    test: {
      include: ['tests/faults/**/*.faults.spec.ts'],
      isolate: true,
      testTimeout: 180_000,
      hookTimeout: 180_000,
    },
  }),
)
