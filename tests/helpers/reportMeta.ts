import { beforeEach } from 'vitest'

declare module 'vitest' {
  interface TaskMeta {
    /** The time the test is given, in milliseconds. */
    timeout?: number
    /** Why it failed, in a line: a timeout's stack says only "STACK_TRACE_ERROR". */
    failure?: string
  }
}

// Vitest's JSON report carries a test's meta but not its timeout, and for a failure only the
// error's stack: the summary of `npm test` (scripts/lib/testTimes.ts) reads both here.
beforeEach(({ task, onTestFailed }) => {
  task.meta.timeout = task.timeout
  onTestFailed(({ task: failed }) => {
    failed.meta.failure = failed.result?.errors?.[0]?.message
  })
})
