import { defineConfig, mergeConfig } from 'vitest/config'

import base from './vitest.config'

/**
 * The bucket's tests (`npm run test:storage`): the app with media and attachments in a local
 * S3-compatible store. Payload reads S3_* when its config is imported, and the files of a worker
 * of the main run share one Payload, on disk: these run apart, in a worker and a database of
 * their own.
 */
export default mergeConfig(
  { ...base, test: { ...base.test, include: [] } },
  defineConfig({
    test: {
      include: ['tests/storage/**/*.storage.spec.ts'],
      maxWorkers: 1,
      isolate: true,
    },
  }),
)
