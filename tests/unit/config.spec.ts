import { readFileSync } from 'node:fs'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { INTERNAL, SETTINGS, env } from '@/server/envSchema'

import { filesUnder } from './files'

/** The app's code: every read of the environment goes through src/server/envSchema.ts. */
const APP = filesUnder(
  ['src', 'access', 'hooks', 'collections', 'endpoints'],
  /\.(ts|tsx|mjs)$/,
).concat('payload.config.ts')

const CONFIG_MODULE = 'src/server/envSchema.ts'

/**
 * The plain modules Next loads by themselves, with Node's own loader (no tsx): the config, the
 * security headers it imports, and the cache handler it names. They cannot import a TypeScript
 * module; what they read is declared in the schema all the same, and checked at start.
 */
const PLAIN_MODULES = [
  'next.config.mjs',
  'src/lib/securityHeaders.mjs',
  'src/server/pageCache/sharedCacheHandler.mjs',
]

/** Browser code: the browser has no process.env, only the values Next writes in at build. */
const isBrowserCode = (file: string) =>
  /\.client\.tsx?$/.test(file) || file.startsWith('src/client/')

/**
 * Where `process.env.NAME` may stay. NODE_ENV and NEXT_RUNTIME: Next writes their values into its
 * bundles where the code names them, which is what lets a bundle leave development's code out.
 * NEXT_PUBLIC_* in browser code: the same, at build, and nothing else reaches the browser.
 */
const isAllowed = (file: string, name: string) =>
  file === CONFIG_MODULE ||
  PLAIN_MODULES.includes(file) ||
  name === 'NODE_ENV' ||
  name === 'NEXT_RUNTIME' ||
  (name.startsWith('NEXT_PUBLIC_') && isBrowserCode(file))

const readsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/process\.env(?:\.(\w+)|\[([^\]]*)\])?/g)].map(
    (match) => ({ file, name: match[1] ?? match[2] ?? '' }),
  )

/** The variables of README.md's first table under "## Configuration", the app's own. */
const readmeVariables = () => {
  const readme = readFileSync('README.md', 'utf8')
  const section = readme.slice(readme.indexOf('\n## Configuration\n')).split(/\n## /)[1]
  const lines = section.split('\n')
  const start = lines.findIndex((line) => line.startsWith('|'))
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'))
  return lines
    .slice(start + 2, end)
    .flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)])
    .map((match) => match[1])
}

describe('the configuration', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('should be read only through src/server/envSchema.ts (and the listed exceptions)', () => {
    const reads = [...APP, ...PLAIN_MODULES].flatMap(readsOf)
    const elsewhere = reads
      .filter(({ file, name }) => !isAllowed(file, name))
      .map(({ file, name }) => `${file}: process.env${name ? `.${name}` : ''}`)
    expect(elsewhere).toEqual([])
  })

  it('should list in README.md exactly the variables of the schema', () => {
    expect(readmeVariables().sort()).toEqual(Object.keys(SETTINGS).sort())
  })

  it('should describe every variable in one line', () => {
    const undescribed = Object.entries({ ...SETTINGS, ...INTERNAL })
      .filter(([, schema]) => !schema.description || schema.description.includes('\n'))
      .map(([name]) => name)
    expect(undescribed).toEqual([])
  })

  it('should give the defaults when nothing is set', () => {
    vi.stubEnv('DATABASE_POOL_SIZE', '')
    vi.stubEnv('SMTP_PORT', undefined)
    expect([env().DATABASE_POOL_SIZE, env().SMTP_PORT]).toEqual([10, 587])
  })

  it('should refuse a value that does not parse, naming the variable', () => {
    vi.stubEnv('DATABASE_POOL_SIZE', 'abc')
    vi.stubEnv('SMTP_PORT', 'x')
    expect(() => env()).toThrow(/DATABASE_POOL_SIZE: .*\n.*SMTP_PORT: /s)
  })

  it('should read a variable again once it has changed', () => {
    vi.stubEnv('LINK_CHECK_CONCURRENCY', '2')
    const before = env().LINK_CHECK_CONCURRENCY
    vi.stubEnv('LINK_CHECK_CONCURRENCY', '7')
    expect([before, env().LINK_CHECK_CONCURRENCY]).toEqual([2, 7])
  })
})
