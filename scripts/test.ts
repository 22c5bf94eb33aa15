import { SERVER_SCRIPT, run } from './lib/run'

/**
 * `npm test`: the whole suite, in the order that fails fastest. Each step that needs a database
 * makes its own and drops it afterwards (DATABASE_URL's server, or an embedded Postgres).
 */
const STEPS: Array<{ name: string; command: string; args: string[] }> = [
  { name: 'route types', command: 'node', args: ['node_modules/next/dist/bin/next', 'typegen'] },
  { name: 'type check', command: 'node', args: ['node_modules/typescript/bin/tsc', '--noEmit'] },
  { name: 'lint', command: 'node', args: ['node_modules/eslint/bin/eslint.js', '.'] },
  {
    name: 'formatting',
    command: 'node',
    args: ['node_modules/prettier/bin/prettier.cjs', '--check', '**/*.{ts,tsx,mjs,css}'],
  },
  {
    name: 'generated files',
    command: 'node',
    args: [...SERVER_SCRIPT, 'scripts/check-generated.ts'],
  },
  {
    name: 'unit and integration tests',
    command: 'node',
    args: ['node_modules/vitest/vitest.mjs', 'run'],
  },
  { name: 'production build', command: 'node', args: ['node_modules/next/dist/bin/next', 'build'] },
  {
    name: 'end-to-end tests',
    command: 'node',
    args: ['node_modules/@playwright/test/cli.js', 'test'],
  },
  {
    name: 'fault tests',
    command: 'node',
    args: ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.faults.config.ts'],
  },
  {
    name: 'quick start check',
    command: 'node',
    args: [...SERVER_SCRIPT, 'scripts/check-quickstart.ts'],
  },
]

const only = process.argv.slice(2)
for (const step of STEPS.filter((s) => only.length === 0 || only.includes(s.name))) {
  const started = Date.now()
  console.log(`\n▶ ${step.name}`)
  const code = await run({ command: step.command, args: step.args, detached: false }).done
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (code !== 0) {
    console.error(`✖ ${step.name} failed (exit ${code}, ${seconds} s)`)
    process.exit(code)
  }
  console.log(`✔ ${step.name} (${seconds} s)`)
}
