import { beforeEach } from 'vitest'

declare module 'vitest' {
  interface TaskMeta {
    /** The time the test is given, in milliseconds. */
    timeout?: number
  }
}

// Vitest's JSON report carries a test's meta but not its timeout: the summary of `npm test`
// (scripts/lib/testTimes.ts) reads it here to name the tests that came close to theirs.
beforeEach(({ task }) => {
  task.meta.timeout = task.timeout
})
