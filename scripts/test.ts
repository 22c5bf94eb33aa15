import { SERVER_SCRIPT, run, runQuietly } from './lib/run'

/**
 * `npm test`: the whole suite, in the order that fails fastest. Each step that needs a database
 * makes its own and drops it afterwards (DATABASE_URL's server, or an embedded Postgres).
 *
 * The steps of a group run side by side (their output is shown as each ends); the groups run one
 * after another, and the first group with a failure ends the run. Each step has a budget in
 * seconds, and the suite one of 20 minutes on a 2-core machine (CI stops at 90): a step over its
 * budget is named in the summary, so that a change that makes the suite slower is seen when it
 * is made. `npm test -- lint "type check"` runs only the steps named.
 */
type Step = {
  name: string
  args: string[]
  budget: number
  env?: Record<string, string>
}

const SUITE_BUDGET = 1200

const GROUPS: Step[][] = [
  // The route types are what the type check reads.
  [{ name: 'route types', args: ['node_modules/next/dist/bin/next', 'typegen'], budget: 15 }],
  [
    { name: 'type check', args: ['node_modules/typescript/bin/tsc', '--noEmit'], budget: 60 },
    { name: 'lint', args: ['node_modules/eslint/bin/eslint.js', '.'], budget: 90 },
    {
      name: 'formatting',
      args: ['node_modules/prettier/bin/prettier.cjs', '--check', '**/*.{ts,tsx,mjs,css}'],
      budget: 60,
    },
    { name: 'generated files', args: [...SERVER_SCRIPT, 'scripts/check-generated.ts'], budget: 60 },
  ],
  [
    {
      name: 'unit and integration tests',
      args: ['node_modules/vitest/vitest.mjs', 'run'],
      budget: 360,
    },
  ],
  [
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
      args: ['node_modules/@playwright/test/cli.js', 'test'],
      budget: 780,
    },
  ],
  // Each starts servers of its own (the storage tests, an S3-compatible one) and waits on them
  // much of the time.
  [
    {
      name: 'fault tests',
      args: ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.faults.config.ts'],
      budget: 180,
    },
    {
      name: 'storage tests',
      args: ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.storage.config.ts'],
      budget: 150,
    },
    {
      name: 'quick start check',
      args: [...SERVER_SCRIPT, 'scripts/check-quickstart.ts'],
      budget: 200,
    },
  ],
  // Five processes of its own (two web instances, the worker, a third instance over a replica,
  // Redis) and checks of time (a page within a second): beside the group above, on two cores,
  // they were missed.
  [
    {
      name: 'two-instance tests',
      args: ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.cluster.config.ts'],
      budget: 150,
    },
  ],
]

const only = process.argv.slice(2)
const known = GROUPS.flat().map((step) => step.name)
const unknown = only.filter((name) => !known.includes(name))
if (unknown.length) {
  console.error(`No step named ${unknown.join(', ')}. The steps: ${known.join(', ')}.`)
  process.exit(2)
}

const seconds = (since: number) => (Date.now() - since) / 1000
const results: Array<{ step: Step; seconds: number; code: number }> = []

/** Runs one step: alone, with its output as it comes; beside others, with it kept until the end. */
const runStep = async (step: Step, alone: boolean) => {
  const started = Date.now()
  const env = { ...process.env, ...step.env }
  console.log(`\n▶ ${step.name}`)
  let code: number
  if (alone) {
    code = await run({ command: 'node', args: step.args, env, detached: false }).done
  } else {
    const ran = await runQuietly({ command: 'node', args: step.args, env })
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
console.log('\nstep                          seconds   budget')
for (const { step, seconds: took, code } of results) {
  const mark = code !== 0 ? ' ✖' : took > step.budget ? ' ⚠' : ''
  console.log(
    `${step.name.padEnd(28)}${took.toFixed(1).padStart(9)}${String(step.budget).padStart(9)}${mark}`,
  )
}
const whole = only.length === 0
console.log(
  `${'total'.padEnd(28)}${total.toFixed(1).padStart(9)}${(whole ? String(SUITE_BUDGET) : '').padStart(9)}`,
)
if (whole && total > SUITE_BUDGET) {
  console.warn(`⚠ The suite took ${total.toFixed(0)} s, past its ${SUITE_BUDGET} s budget.`)
}
process.exit(failed)
