import { readFileSync, writeFileSync } from 'node:fs'

import { PAYLOAD_BIN, run } from './lib/run'

/**
 * Fails when a generated file is stale: `payload-types.ts` or the admin import map differs from
 * what the current config generates. The committed files are left as they were.
 */
const GENERATED = [
  { file: 'payload-types.ts', command: 'generate:types' },
  { file: 'src/app/(payload)/admin/importMap.js', command: 'generate:importmap' },
]

let stale = 0
for (const { file, command } of GENERATED) {
  const committed = readFileSync(file, 'utf8')
  const code = await run({
    command: 'node',
    args: [...PAYLOAD_BIN, command],
    env: { ...process.env, PAYLOAD_MIGRATING: 'true' },
    detached: false,
  }).done
  const fresh = readFileSync(file, 'utf8')
  // Put back only what changed: the type check and the linter may be reading it side by side.
  if (fresh !== committed) writeFileSync(file, committed)
  if (code !== 0 || fresh !== committed) {
    console.error(`${file} is stale: run \`npm run ${command}\` and commit the result.`)
    stale += 1
  }
}
process.exit(stale ? 1 : 0)
