import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

/** How long one file or one test of a step took, and why it failed when it did. */
export type Timed = {
  kind: 'file' | 'test'
  name: string
  seconds: number
  step: string
  failure?: string
  /** The time the test was given, in seconds. */
  timeout?: number
}

type VitestReport = {
  testResults: Array<{
    name: string
    startTime: number
    endTime: number
    status: string
    message?: string
    assertionResults: Array<{
      fullName: string
      duration?: number | null
      status: string
      failureMessages?: string[] | null
      // The timeout in milliseconds, and why it failed (tests/helpers/reportMeta.ts).
      meta?: { timeout?: number; failure?: string }
    }>
  }>
}

type PlaywrightSuite = {
  title: string
  file?: string
  specs?: Array<{
    title: string
    file: string
    tests: Array<{
      // In milliseconds, as the test ended: test.setTimeout and test.slow included.
      timeout: number
      results: Array<{ duration: number; status: string; error?: { message?: string } }>
    }>
  }>
  suites?: PlaywrightSuite[]
}

const relative = (file: string) => path.relative(process.cwd(), path.resolve(file))

/** The first lines of a failure's message, without the terminal's colours. */
const firstLines = (message: string | undefined | null) =>
  stripVTControlCharacters(message || 'failed')
    .split('\n')
    .slice(0, 4)
    .join('\n')

/** Vitest's JSON report: each file from its start to its end, setup included, and its tests. */
const fromVitest = (report: VitestReport, step: string): Timed[] =>
  report.testResults.flatMap((file) => [
    {
      kind: 'file' as const,
      name: relative(file.name),
      seconds: (file.endTime - file.startTime) / 1000,
      step,
      // A file fails on its own when its setup does: no test of it says why.
      failure:
        file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed')
          ? firstLines(file.message)
          : undefined,
    },
    ...file.assertionResults.map((test) => ({
      kind: 'test' as const,
      name: `${relative(file.name)} › ${test.fullName}`,
      seconds: (test.duration ?? 0) / 1000,
      timeout: test.meta?.timeout ? test.meta.timeout / 1000 : undefined,
      step,
      failure:
        test.status === 'failed'
          ? firstLines(test.meta?.failure ?? test.failureMessages?.[0])
          : undefined,
    })),
  ])

type PlaywrightReport = { config: { rootDir: string }; suites: PlaywrightSuite[] }

/** Playwright's JSON report: each test's runs, and each file as the sum of its tests. */
const fromPlaywright = (report: PlaywrightReport, step: string): Timed[] => {
  const tests: Timed[] = []
  // A file's suite is named after the file; the suites inside it, after their describe blocks.
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const results = spec.tests.flatMap((test) => test.results)
      const seconds = results.reduce((sum, result) => sum + result.duration / 1000, 0)
      const failed = results.find((result) => !['passed', 'skipped'].includes(result.status))
      const file = relative(path.join(report.config.rootDir, spec.file))
      tests.push({
        kind: 'test',
        name: [file, ...titles, spec.title].join(' › '),
        seconds,
        timeout: Math.min(...spec.tests.map((test) => test.timeout)) / 1000,
        step,
        failure: failed ? firstLines(failed.error?.message ?? failed.status) : undefined,
      })
    }
    for (const inner of suite.suites ?? []) visit(inner, [...titles, inner.title])
  }
  for (const suite of report.suites) visit(suite, [])
  const files = new Map<string, number>()
  for (const test of tests) {
    const file = test.name.split(' › ')[0]
    files.set(file, (files.get(file) ?? 0) + test.seconds)
  }
  const fileTimes = [...files].map(([name, seconds]) => ({
    kind: 'file' as const,
    name,
    seconds,
    step,
  }))
  return [...fileTimes, ...tests]
}

/** The timings a step's runner left in `file`; none when it left no report (it failed early). */
export const readTimes = (kind: 'vitest' | 'playwright', file: string, step: string): Timed[] => {
  if (!existsSync(file)) return []
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'))
    return kind === 'vitest'
      ? fromVitest(report as VitestReport, step)
      : fromPlaywright(report as PlaywrightReport, step)
  } catch {
    return []
  }
}

/** The files and tests that failed, in the order they were reported. */
export const failures = (timed: Timed[]) => timed.filter((entry) => entry.failure)

/**
 * The tests that passed but took more than `share` of the time they were given: on a machine
 * half as fast, or twice as busy, they fail. The closest first.
 */
export const nearTheirTimeout = (timed: Timed[], share = 0.5) =>
  timed
    .filter((entry) => !entry.failure && entry.timeout && entry.seconds > share * entry.timeout)
    .sort((a, b) => b.seconds / b.timeout! - a.seconds / a.timeout!)

/** The ten slowest files or tests, slowest first. */
export const slowest = (timed: Timed[], kind: Timed['kind'], count = 10) =>
  timed
    .filter((entry) => entry.kind === kind)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
