import path from 'node:path'

import { defineConfig } from 'vitest/config'

/**
 * The fault tests (`npm run test:faults`, after `npm run build`): the production server on an
 * embedded PostgreSQL of each test file's own, stopped and started under load.
 */
export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: { 'server-only': path.resolve(import.meta.dirname, 'tests/helpers/empty.ts') },
  },
  test: {
    environment: 'node',
    include: ['tests/faults/**/*.faults.spec.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
})
