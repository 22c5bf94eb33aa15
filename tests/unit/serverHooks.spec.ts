import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

/**
 * The app's server (scripts/serve.ts) runs outside Next's bundles and reaches the app's code
 * through one declared door, the ServerHooks of src/server/serverHooks.ts (ARCHITECTURE.md, "The
 * server process"): no other name on globalThis carries the app's work to it.
 */
const SERVER = 'scripts/serve.ts'
const HOOKS = 'src/server/serverHooks.ts'

const codeOf = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file))
    .map((file) => path.join(dir, file))

describe("the app server's door to the app", () => {
  it('reads globalThis once, for the hooks', () => {
    const reads = [...readFileSync(SERVER, 'utf8').matchAll(/globalThis as \{ (\w+)\?/g)]
    expect(reads.map(([, name]) => name)).toEqual(['obzorServerHooks'])
    expect(readFileSync(SERVER, 'utf8').match(/globalThis/g)).toHaveLength(1)
  })

  it('is offered by the hooks module alone', () => {
    const offering = ['src', 'endpoints', 'hooks', 'collections', 'access']
      .flatMap(codeOf)
      .concat('payload.config.ts')
      .filter((file) => readFileSync(file, 'utf8').includes('obzorServerHooks'))
    expect(offering).toEqual([HOOKS])
  })
})
