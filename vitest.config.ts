import path from 'node:path'

import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: { 'server-only': path.resolve(import.meta.dirname, 'tests/helpers/empty.ts') },
  },
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.spec.ts', 'tests/int/**/*.int.spec.ts'],
    globalSetup: ['tests/helpers/globalSetup.ts'],
    setupFiles: ['tests/helpers/setupEnv.ts'],
    // Integration files share one database, so they run one after another.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
