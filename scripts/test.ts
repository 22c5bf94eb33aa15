import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { SERVER_SCRIPT, run, runQuietly } from './lib/run'
import { type Timed, failures, nearTheirTimeout, readTimes, slowest } from './lib/testTimes'

/**
 * `npm test`: the whole suite, in the order that fails fastest. Each step that needs a database
 * makes its own and drops it afterwards (DATABASE_URL's server, or an embedded Postgres).
 *
 * The steps of a group run side by side (their output is shown as each ends); the groups run one
 * after another, and the first group with a failure ends the run. Each step has a budget in
 * seconds, and the suite one (SUITE_BUDGET) that keeps CI, with its installs, within 15 minutes on
 * a 2-core machine. The summary names the steps over their budget and the ten slowest files and
 * tests of the run, so that a change that makes the suite slower is seen in the change that makes
 * it: a warning, never a failure (a slower machine must not turn the suite red).
 * `npm test -- lint "type check"` runs only the steps named.
 */
type Step = {
  name: string
  args: string[]
  budget: number
  env?: Record<string, string>
  /** The runner whose timings of files and tests the summary reads. */
  reports?: 'vitest' | 'playwright'
}

const SUITE_BUDGET = 780

const vitest = (name: string, budget: number, config?: string): Step => ({
  name,
  args: ['node_modules/vitest/vitest.mjs', 'run', ...(config ? ['--config', config] : [])],
  budget,
  reports: 'vitest',
})

const GROUPS: Step[][] = [
  // The route types are what the type check reads.
  [{ name: 'route types', args: ['node_modules/next/dist/bin/next', 'typegen'], budget: 15 }],
  [
    { name: 'type check', args: ['node_modules/typescript/bin/tsc', '--noEmit'], budget: 75 },
    { name: 'lint', args: ['node_modules/eslint/bin/eslint.js', '.'], budget: 75 },
    {
      name: 'formatting',
      args: ['node_modules/prettier/bin/prettier.cjs', '--check', '**/*.{ts,tsx,mjs,css}'],
      budget: 60,
    },
    { name: 'generated files', args: [...SERVER_SCRIPT, 'scripts/check-generated.ts'], budget: 60 },
  ],
  // The integration tests wait on the database much of the time, the build on nothing but the
  // CPU: side by side, each fills the other's gaps.
  [
    vitest('unit and integration tests', 240),
    {
      name: 'production build',
      args: ['node_modules/next/dist/bin/next', 'build'],
      // The type check above has read the whole project: the build need not again.
      env: { BUILD_TYPECHECKED: 'true' },
      budget: 240,
    },
  ],
  [
    {
      name: 'end-to-end tests',
      args: ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json'],
      budget: 360,
      reports: 'playwright',
    },
  ],
  // Each starts servers of its own (the storage tests, an S3-compatible one) and waits on them
  // much of the time.
  [
    vitest('fault tests', 120, 'vitest.faults.config.ts'),
    vitest('storage tests', 90, 'vitest.storage.config.ts'),
    {
      name: 'quick start check',
      args: [...SERVER_SCRIPT, 'scripts/check-quickstart.ts'],
      budget: 120,
    },
  ],
  // Five processes of its own (two web instances, the worker, a third instance over a replica,
  // Redis) and checks of time (a page within a second): beside the group above, on two cores,
  // they were missed.
  [vitest('two-instance tests', 75, 'vitest.cluster.config.ts')],
]

const only = process.argv.slice(2)
const known = GROUPS.flat().map((step) => step.name)
const unknown = only.filter((name) => !known.includes(name))
if (unknown.length) {
  console.error(`No step named ${unknown.join(', ')}. The steps: ${known.join(', ')}.`)
  process.exit(2)
}

// Where the test runners leave their timings for the summary: a folder of this run's own.
const timesDir = mkdtempSync(path.join(tmpdir(), 'obzor-test-times-'))
const timesFile = (step: Step) => path.join(timesDir, `${step.name.replaceAll(' ', '-')}.json`)

/** The step's command, asked to write its timings where the summary reads them. */
const commandOf = (step: Step) => {
  if (step.reports === 'vitest') {
    const args = [...step.args, '--reporter=default', '--reporter=json']
    return { args: [...args, `--outputFile.json=${timesFile(step)}`], env: step.env }
  }
  if (step.reports === 'playwright') {
    return { args: step.args, env: { ...step.env, PLAYWRIGHT_JSON_OUTPUT_NAME: timesFile(step) } }
  }
  return { args: step.args, env: step.env }
}

/**
 * The files git sees changed or added in the project, each with a hash of its content; null
 * outside a git checkout. The tests write only under the temporary folder and the ignored ones
 * (test-results/, .data/, …): compared before and after a run, any other file they wrote shows.
 */
const projectChanges = () => {
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all', '-z'], {
    encoding: 'utf8',
  })
  if (status.status !== 0) return null
  const paths = status.stdout
    .split('\0')
    .filter(Boolean)
    .map((entry) => entry.slice(3))
  return new Map(
    paths.map((file) => [
      file,
      existsSync(file) ? createHash('sha1').update(readFileSync(file)).digest('hex') : 'deleted',
    ]),
  )
}

const changedBefore = projectChanges()
const seconds = (since: number) => (Date.now() - since) / 1000
const results: Array<{ step: Step; seconds: number; code: number }> = []

/** Runs one step: alone, with its output as it comes; beside others, with it kept until the end. */
const runStep = async (step: Step, alone: boolean) => {
  const started = Date.now()
  const command = commandOf(step)
  const env = { ...process.env, ...command.env }
  console.log(`\n▶ ${step.name}`)
  let code: number
  if (alone) {
    code = await run({ command: 'node', args: command.args, env, detached: false }).done
  } else {
    const ran = await runQuietly({ command: 'node', args: command.args, env })
    code = ran.code
    console.log(`\n── ${step.name} ──\n${ran.output.trimEnd()}`)
  }
  const took = seconds(started)
  results.push({ step, seconds: took, code })
  const over = took > step.budget ? ` ⚠ over its ${step.budget} s budget` : ''
  if (code === 0) console.log(`✔ ${step.name} (${took.toFixed(1)} s)${over}`)
  else console.error(`✖ ${step.name} failed (exit ${code}, ${took.toFixed(1)} s)`)
  return code
}

const started = Date.now()
let failed = 0
for (const group of GROUPS) {
  const steps = group.filter((step) => only.length === 0 || only.includes(step.name))
  const codes = await Promise.all(steps.map((step) => runStep(step, steps.length === 1)))
  failed = codes.find((code) => code !== 0) ?? 0
  if (failed) break
}
const total = seconds(started)

const row = (name: string, took: number, budget = '', mark = '') =>
  `${name.padEnd(28)}${took.toFixed(1).padStart(9)}${budget.padStart(9)}${mark}`

console.log(`\n${'step'.padEnd(28)}${'seconds'.padStart(9)}${'budget'.padStart(9)}`)
for (const { step, seconds: took, code } of results) {
  const mark = code !== 0 ? ' ✖' : took > step.budget ? ' ⚠' : ''
  console.log(row(step.name, took, String(step.budget), mark))
}
const whole = only.length === 0
console.log(row('total', total, whole ? String(SUITE_BUDGET) : ''))

const timed: Timed[] = results.flatMap(({ step }) =>
  step.reports ? readTimes(step.reports, timesFile(step), step.name) : [],
)
rmSync(timesDir, { recursive: true, force: true })
for (const [title, entries] of [
  ['The ten slowest files of this run', slowest(timed, 'file')],
  ['The ten slowest tests of this run', slowest(timed, 'test')],
] as const) {
  if (!entries.length) continue
  console.log(`\n${title}:`)
  for (const entry of entries) {
    console.log(`${entry.seconds.toFixed(1).padStart(8)} s  ${entry.name}  (${entry.step})`)
  }
}

const risky = nearTheirTimeout(timed)
if (risky.length) {
  console.warn('\n⚠ Passed, but past half the time they are given (a slower machine fails them):')
  for (const entry of risky) {
    const given = `${entry.seconds.toFixed(1)} of ${entry.timeout} s`
    console.warn(`${given.padStart(14)}  ${entry.name}  (${entry.step})`)
  }
}

// The end of the output is what a CI page shows first: what failed, and why, is repeated there.
const failedTests = failures(timed)
if (failedTests.length) {
  console.error('\nFailed:')
  for (const entry of failedTests) {
    console.error(
      `✖ ${entry.name}  (${entry.step})\n    ${entry.failure?.replaceAll('\n', '\n    ')}`,
    )
  }
}

const changedAfter = projectChanges()
const written = [...(changedAfter ?? [])]
  .filter(([file, hash]) => changedBefore?.get(file) !== hash)
  .map(([file]) => file)
if (written.length) {
  console.error(
    `\n✖ The run changed files of the project outside its ignored folders (an edit of yours ` +
      `made meanwhile shows here too): ${written.join(', ')}.`,
  )
  failed ||= 1
}

const over = results.filter(({ step, seconds: took }) => took > step.budget)
if (over.length) {
  const names = over.map(({ step, seconds: took }) => `${step.name} ${took.toFixed(0)} s`)
  console.warn(`\n⚠ Over their budget: ${names.join(', ')}.`)
}
if (whole && total > SUITE_BUDGET) {
  console.warn(`⚠ The suite took ${total.toFixed(0)} s, past its ${SUITE_BUDGET} s budget.`)
}
process.exit(failed)
