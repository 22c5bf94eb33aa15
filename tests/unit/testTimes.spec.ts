import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { failures, nearTheirTimeout, readTimes } from '../../scripts/lib/testTimes'

const folder = mkdtempSync(path.join(tmpdir(), 'test-times-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** A report file as the runner would leave it. */
const reportFile = (name: string, report: unknown) => {
  const file = path.join(folder, name)
  writeFileSync(file, JSON.stringify(report))
  return file
}

const spec = (title: string, seconds: number, timeout: number, status = 'passed') => ({
  title,
  file: 'journey.e2e.spec.ts',
  tests: [{ timeout: timeout * 1000, results: [{ duration: seconds * 1000, status }] }],
})

describe("the summary's reading of the runners' reports", () => {
  it('should name the tests past half their time, closest first, and why others failed', () => {
    const playwright = reportFile('playwright.json', {
      config: { rootDir: path.join(process.cwd(), 'tests/e2e') },
      suites: [
        {
          title: 'journey.e2e.spec.ts',
          specs: [
            spec('quick', 5, 30),
            spec('close', 25, 30),
            spec('slow but given time', 40, 120),
            spec('failed', 30, 30, 'timedOut'),
          ],
        },
      ],
    })
    const vitest = reportFile('vitest.json', {
      testResults: [
        {
          name: path.join(process.cwd(), 'tests/int/walk.int.spec.ts'),
          startTime: 0,
          endTime: 200_000,
          status: 'passed',
          assertionResults: [
            { fullName: 'walk', duration: 180_000, status: 'passed', meta: { timeout: 300_000 } },
            { fullName: 'no meta', duration: 50_000, status: 'passed' },
            {
              fullName: 'timed out',
              duration: 30_000,
              status: 'failed',
              failureMessages: ['Error: STACK_TRACE_ERROR\n    at task (runner.js:1:1)'],
              meta: { timeout: 30_000, failure: 'Test timed out in 30000ms.' },
            },
          ],
        },
      ],
    })
    const timed = [
      ...readTimes('playwright', playwright, 'journeys'),
      ...readTimes('vitest', vitest, 'integration'),
    ]

    expect(nearTheirTimeout(timed).map(({ name, timeout }) => [name, timeout])).toEqual([
      ['tests/e2e/journey.e2e.spec.ts › close', 30],
      ['tests/int/walk.int.spec.ts › walk', 300],
    ])
    expect(failures(timed).map(({ name, failure }) => [name, failure])).toEqual([
      ['tests/e2e/journey.e2e.spec.ts › failed', 'timedOut'],
      ['tests/int/walk.int.spec.ts › timed out', 'Test timed out in 30000ms.'],
    ])
  })
})
