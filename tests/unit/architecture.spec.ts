import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The lint rules that keep the parts' arrows (ARCHITECTURE.md) true: a probe file placed in one
 * part imports another, and ESLint with the project's own config is asked what it thinks.
 */
const eslint = new ESLint({ cwd: process.cwd() })

const ruleIdsFor = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(`${code}\nexport const probe = value\n`, { filePath })
  return result.messages.map((message) => message.ruleId)
}

const ARROWS = 'import/no-restricted-paths'
const IMPORTS = '@typescript-eslint/no-restricted-imports'

/**
 * ARCHITECTURE.md's arrows, read from its block: each row names a part and what it may import
 * (`──►`), or a part nothing else may import (`◄── nothing`). Whatever a row does not name is
 * forbidden, and a planted import of it must be refused; whatever it names must pass.
 */
const TARGETS: Record<string, { value: string; types?: string }> = {
  'payload.config.ts': { value: "import value from '@payload-config'" },
  collections: { value: "import { Media as value } from '@collections/Media'" },
  endpoints: { value: "import { ok as value } from '@endpoints/lib/http'" },
  hooks: { value: "import { guardLogin as value } from '@hooks/users/guardLogin'" },
  access: { value: "import { operatorType as value } from '@access/resources'" },
  'src/data': {
    value: "import { getCurrentUser as value } from '@/data/users'",
    types: "import type * as Users from '@/data/users'\nconst value: typeof Users | null = null",
  },
  'src/data/views': {
    value: "import { findFavorites as value } from '@/data/views/favorites'",
    types:
      "import type { UserView } from '@/data/views/users'\nconst value: UserView | null = null",
  },
  'src/client': { value: "import { applyTheme as value } from '@/client/theme'" },
  'src/server': {
    value: "import { siteName as value } from '@/server/env'",
    types: "import type { Refresh } from '@/server/cacheExpiryBus'\nconst value: Refresh = 'now'",
  },
  'src/api': {
    value: "import { declareCall as value } from '@/api/call'",
    types: "import type { Caller } from '@/api/call'\nconst value: Caller = 'anyone'",
  },
  'src/i18n': { value: "import { localizedPath as value } from '@/i18n/routing'" },
  'src/lib': { value: "import { LIMITS as value } from '@/lib/limits'" },
  'the site': { value: "import { Footer as value } from '@/components/Footer'" },
  'the edge': { value: "import { proxy as value } from '@/proxy'" },
  'src/routes.ts': { value: "import { ROUTES as value } from '@/routes'" },
  'src/seed': { value: "import { seedLinkChecks as value } from '@/seed/linkChecks'" },
  "the admin's components": {
    value: "import { CountryCell as value } from '@/components/admin/CountryCell.client'",
  },
  "the admin's layout": { value: "import value from '@/app/(payload)/layout'" },
}

/** Where a row's probe is planted, and which targets are its own part. */
const ROWS: Record<string, { at: string[]; own: string[] }> = {
  'payload.config.ts': { at: ['payload.config.ts'], own: ['payload.config.ts'] },
  'the site': {
    at: ['src/app/probe.tsx', 'src/components/Probe.tsx', 'src/components/chat/Probe.tsx'],
    own: ['the site'],
  },
  "the site's browser modules": {
    at: ['src/components/Probe.client.tsx', 'src/app/probe.client.tsx'],
    own: ['the site'],
  },
  'src/data': { at: ['src/data/probe.ts'], own: ['src/data', 'src/data/views'] },
  'src/client': { at: ['src/client/probe.ts'], own: ['src/client'] },
  endpoints: { at: ['endpoints/probe.ts'], own: ['endpoints'] },
  'src/api': { at: ['src/api/probe.ts'], own: ['src/api'] },
  collections: { at: ['collections/probe.ts'], own: ['collections'] },
  hooks: { at: ['hooks/probe.ts'], own: ['hooks'] },
  access: { at: ['access/probe.ts'], own: ['access'] },
  'src/server': { at: ['src/server/probe.ts', 'src/server/sql/probe.ts'], own: ['src/server'] },
  'the edge': { at: ['src/proxy.ts', 'src/routes.ts'], own: ['the edge', 'src/routes.ts'] },
  'src/seed': { at: ['src/seed/probe.ts'], own: ['src/seed'] },
  'src/i18n': { at: ['src/i18n/probe.ts'], own: ['src/i18n'] },
  'src/lib': { at: ['src/lib/probe.ts'], own: ['src/lib'] },
}

const arrowBlock = () => {
  const text = readFileSync('ARCHITECTURE.md', 'utf8')
  const section = text.slice(text.indexOf('## Which part may import which'))
  return section.slice(
    section.indexOf('```') + 3,
    section.indexOf('```', section.indexOf('```') + 3),
  )
}

/** The part a row or a list item names, without its note in brackets. */
const partName = (text: string) =>
  text
    .replace(/\(.*?\)/g, '')
    .replace(/:.*$/, '')
    .trim()

const arrows = arrowBlock()
  .split('\n')
  .filter((line) => line.includes('──►'))
  .map((line) => {
    const [row, list] = line.split('──►')
    const named = list.trim() === 'nothing' ? [] : list.split(',').map(partName)
    return {
      row: partName(row),
      allowed: named.filter((name) => !name.startsWith('types of ')),
      typesOnly: named.filter((name) => name.startsWith('types of ')).map((name) => name.slice(9)),
    }
  })

const untouchable = arrowBlock()
  .split('\n')
  .filter((line) => line.includes('◄── nothing'))
  .map((line) => partName(line.split('◄──')[0]))

const includes = (names: string[], target: string) =>
  names.includes(target) || (target === 'src/data/views' && names.includes('src/data'))

const plants = arrows.flatMap(({ row, allowed, typesOnly }) =>
  (ROWS[row]?.at ?? [`(no probe for ${row})`]).flatMap((file) =>
    Object.keys(TARGETS)
      .filter((target) => !ROWS[row]?.own.includes(target))
      .map((target) => ({
        row,
        file,
        target,
        allowed: includes(allowed, target) && !untouchable.includes(target),
        typesOnly: includes(typesOnly, target),
      })),
  ),
)

describe("ARCHITECTURE.md's arrows", () => {
  it('should name every part its probes know, and know every part it names', () => {
    const named = arrows.flatMap(({ allowed, typesOnly }) => [...allowed, ...typesOnly])
    expect(
      named
        .filter((name) => !(name in TARGETS))
        .concat(untouchable.filter((name) => !(name in TARGETS))),
    ).toEqual([])
    expect(arrows.map(({ row }) => row).sort()).toEqual(Object.keys(ROWS).sort())
  })

  it.each(
    plants.filter((plant) => !plant.allowed).map((plant) => [plant.row, plant.target, plant.file]),
  )('should refuse an import %s must not make (of %s, from %s)', async (_row, target, file) => {
    const refusals = (await ruleIdsFor(file, TARGETS[target].value)).filter(
      (id) => id === ARROWS || id === IMPORTS,
    )
    expect(refusals).not.toEqual([])
  })

  it.each(
    plants.filter((plant) => plant.allowed).map((plant) => [plant.row, plant.target, plant.file]),
  )('should let %s import %s (from %s)', async (_row, target, file) => {
    expect(await ruleIdsFor(file, TARGETS[target].value)).toEqual([])
  })

  it.each(
    plants.filter((plant) => plant.typesOnly).map((plant) => [plant.row, plant.target, plant.file]),
  )('should let %s import the types of %s, and only them (from %s)', async (_row, target, file) => {
    const { types } = TARGETS[target]
    expect(types).toBeDefined()
    expect(await ruleIdsFor(file, types!)).toEqual([])
    expect(await ruleIdsFor(file, TARGETS[target].value)).toContain(IMPORTS)
  })
})

describe('the parts and their arrows', () => {
  it.each([
    ['the site', 'src/components/Probe.tsx', "import { ok as value } from '@endpoints/lib/http'"],
    [
      'the site',
      'src/app/probe.ts',
      "import { guardLogin as value } from '@hooks/users/guardLogin'",
    ],
    [
      'the site',
      'src/app/probe.ts',
      "import { mayAddResources as value } from '@access/resources'",
    ],
    ['the data', 'src/data/probe.ts', "import { ok as value } from '@endpoints/lib/http'"],
    [
      'the data',
      'src/data/probe.ts',
      "import { guardLogin as value } from '@hooks/users/guardLogin'",
    ],
    ['access', 'access/probe.ts', "import { Media as value } from '../collections/Media'"],
    ['hooks', 'hooks/probe.ts', "import { Footer as value } from '@/components/Footer'"],
    ['endpoints', 'endpoints/probe.ts', "import { getPayload as value } from '@/data/payload'"],
    ['src/lib', 'src/lib/probe.ts', "import { siteName as value } from '@/server/env'"],
    ['collections', 'collections/probe.ts', "import { getPayload as value } from '@/data/payload'"],
    ['hooks', 'hooks/probe.ts', "import value from '@payload-config'"],
    [
      'browser code',
      'src/client/probe.ts',
      "import { Footer as value } from '@/components/Footer'",
    ],
  ])('should refuse an import that %s must not make (%s)', async (_part, file, code) => {
    expect(await ruleIdsFor(file, code)).toContain(ARROWS)
  })

  it.each([
    ['src/client/probe.ts', "import { siteName as value } from '@/server/env'"],
    ['src/client/probe.ts', "import { userView as value } from '@/data/views/users'"],
    [
      'src/components/ThemeSwitch.client.tsx',
      "import { getPayload as value } from '@/data/payload'",
    ],
    [
      'src/components/ThemeSwitch.client.tsx',
      "import { runSql as value } from '../server/sql/run'",
    ],
    ['src/api/probe.ts', "import { siteName as value } from '@/server/env'"],
    ['src/api/probe.ts', "import { findFavorites as value } from '@/data/views/favorites'"],
  ])('should refuse a server module in browser code (%s: %s)', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain(IMPORTS)
  })

  it.each([
    ['src/app/probe.ts', "import { getPayload as value } from 'payload'"],
    ['src/app/probe.ts', "import { getPayload as value } from '@/data/payload'"],
    ['src/components/Probe.tsx', "import { runSql as value } from '@/server/sql/run'"],
    ['src/components/Probe.tsx', "import { runSql as value } from '../server/sql/run'"],
    ['src/app/probe.ts', "import { sql as value } from '@payloadcms/db-postgres'"],
  ])('should make the site read through src/data (%s: %s)', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain(IMPORTS)
  })

  it('should let browser code import the type of an API shape', async () => {
    const code =
      "import type { UserView } from '@/data/views/users'\nconst value: UserView | null = null"
    expect(await ruleIdsFor('src/client/probe.ts', code)).toEqual([])
  })

  it('should let an endpoint read through the shared read model', async () => {
    const code = "import { findFavorites as value } from '@/data/views/favorites'"
    expect(await ruleIdsFor('endpoints/probe.ts', code)).toEqual([])
  })

  it('should refuse an import that climbs more than two levels', async () => {
    const code = "import { LIMITS as value } from '../../../lib/limits'"
    expect(await ruleIdsFor('src/app/a/b/probe.ts', code)).toContain(IMPORTS)
  })
})

describe('the language of an answer', () => {
  it.each(['hooks/probe.ts', 'collections/probe.ts', 'endpoints/probe.ts', 'access/probe.ts'])(
    'should make %s answer in the language Payload speaks on the request',
    async (file) => {
      const code = "import { requestLocale as value } from '@/server/serverMessages'"
      expect(await ruleIdsFor(file, code)).toContain(IMPORTS)
    },
  )
})

describe('browser modules', () => {
  it("should be named *.client.ts(x) when they say 'use client' (but Next's error files)", () => {
    const misnamed = readdirSync('src', { recursive: true })
      .map((file) => path.join('src', String(file)))
      .filter((file) => /\.tsx?$/.test(file) && !/\.client\.tsx?$/.test(file))
      .filter((file) => !/(^|\/)(global-)?error\.tsx$/.test(file))
      .filter((file) => /^\s*['"]use client['"]/.test(readFileSync(file, 'utf8')))
    expect(misnamed).toEqual([])
  })
})

/** Modules of src/server and src/data that do without `server-only`, and why. */
const SERVER_ONLY_ASIDE: Record<string, string> = {
  'src/server/primaryReads.ts': 'scripts/serve.ts loads it outside Next, where server-only throws',
  'src/server/requestContext.ts':
    'scripts/serve.ts loads it outside Next, where server-only throws',
  'src/server/envSchema.ts': 'scripts/serve.ts checks the configuration with it before Next loads',
  'src/data/views/analyticsTypes.ts': 'types only: nothing of it reaches a bundle',
}

describe('the server/client line', () => {
  it("should start every module of src/server and src/data with import 'server-only'", () => {
    const bare = ['src/server', 'src/data']
      .flatMap((folder) =>
        readdirSync(folder, { recursive: true }).map((file) => path.join(folder, String(file))),
      )
      .filter((file) => /\.tsx?$/.test(file) && !(file in SERVER_ONLY_ASIDE))
      .filter(
        (file) => !/^import 'server-only'$/m.test(readFileSync(file, 'utf8').split('\n\n')[0]),
      )
    expect(bare).toEqual([])
  })
})

describe('the role model', () => {
  it.each([
    ['src/app/probe.tsx', "const user = { role: 'admin' }\nconst value = user.role === 'admin'"],
    ['src/components/Probe.client.tsx', "const role = 'user'\nconst value = 'user' !== role"],
    ['endpoints/probe.ts', "const owner = { role: 'x' }\nconst value = owner.role != 'owner'"],
    ['hooks/probe.ts', "const data = { role: 'x' }\nconst value = data.role == 'admin'"],
  ])('should refuse a role string compared outside it (%s)', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('no-restricted-syntax')
  })

  it('should let code ask a capability', async () => {
    const code =
      "import { MEMBER_ROLE, isAdmin } from '@/lib/roles'\nconst value = isAdmin({ role: MEMBER_ROLE })"
    expect(await ruleIdsFor('src/app/probe.tsx', code)).toEqual([])
  })
})

describe('every file in a zone', () => {
  it.each([
    ['payload.config.ts', "import { Footer as value } from '@/components/Footer'"],
    ['payload.config.ts', "import { getPayload as value } from '@/data/payload'"],
    ['src/proxy.ts', "import { guardLogin as value } from '@hooks/users/guardLogin'"],
    ['src/routes.ts', "import { getPayload as value } from '@/data/payload'"],
    ['src/i18n/probe.ts', "import { siteName as value } from '@/server/env'"],
    ['src/seed/probe.ts', "import { ok as value } from '@endpoints/lib/http'"],
    ['src/api/probe.ts', "import { adminOnly as value } from '@access/adminOnly'"],
    [
      'src/components/Probe.tsx',
      "import { CountryCell as value } from '@/components/admin/CountryCell.client'",
    ],
    [
      'src/components/chat/Probe.tsx',
      "import { CountryCell as value } from '../admin/CountryCell.client'",
    ],
    [
      'src/app/probe.ts',
      "import { CountryCell as value } from '@/components/admin/CountryCell.client'",
    ],
    [
      'collections/probe.ts',
      "import { CountryCell as value } from '@/components/admin/CountryCell.client'",
    ],
    [
      'payload.config.ts',
      "import { CountryCell as value } from '@/components/admin/CountryCell.client'",
    ],
  ])('should refuse a wrong arrow from %s (%s)', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain(ARROWS)
  })

  it('should let the admin components share their code', async () => {
    const code = "import { CountryCell as value } from './CountryCell.client'"
    expect(await ruleIdsFor('src/components/admin/Probe.client.tsx', code)).toEqual([])
  })
})

const RAW_EXECUTE =
  "const db = { execute: (text: string) => text }\nconst value = db.execute('select 1')"
const RAW_QUERY =
  "const pool = { query: (text: string) => text }\nconst value = pool.query('select 1')"

describe('where SQL is written', () => {
  it.each([
    ['hooks/probe.ts', "import { sql as value } from '@payloadcms/db-postgres'"],
    ['endpoints/probe.ts', "import { sql as value } from 'drizzle-orm'"],
    ['src/server/probe.ts', "import { sql as value } from 'drizzle-orm'"],
    ['collections/probe.ts', "import { sql as value } from '@payloadcms/db-postgres'"],
  ])('should refuse SQL outside src/server/sql and src/data (%s)', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain(IMPORTS)
  })

  it.each([
    ['hooks/probe.ts', "import { sql as value } from 'drizzle-orm/sql'"],
    ['src/server/probe.ts', "import { sql as value } from 'drizzle-orm/sql'"],
    ['endpoints/probe.ts', "import { sql as value } from '@payloadcms/drizzle'"],
    ['access/probe.ts', "import { sql as value } from '@payloadcms/drizzle'"],
    ['collections/probe.ts', "import { sql as value } from '@payloadcms/db-postgres/drizzle'"],
    ['src/app/probe.tsx', "import { sql as value } from 'drizzle-orm/sql'"],
    ['payload.config.ts', "import { sql as value } from 'drizzle-orm'"],
  ])('should refuse SQL imported by another way outside them (%s: %s)', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain(IMPORTS)
  })

  it.each([
    ['hooks/probe.ts', RAW_EXECUTE],
    ['endpoints/probe.ts', RAW_EXECUTE],
    ['src/server/probe.ts', RAW_EXECUTE],
    ['src/app/probe.tsx', RAW_EXECUTE],
    ['collections/probe.ts', RAW_QUERY],
    ['src/server/probe.ts', RAW_QUERY],
    ['access/probe.ts', RAW_QUERY],
  ])('should refuse a raw execute or query outside them (%s: %s)', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('no-restricted-syntax')
  })

  it.each([
    ['src/server/sql/probe.ts', "import { sql as value } from '@payloadcms/db-postgres'"],
    ['src/data/probe.ts', "import { sql as value } from '@payloadcms/db-postgres'"],
    ['src/server/sql/probe.ts', "import { sql as value } from 'drizzle-orm/sql'"],
    ['src/server/sql/probe.ts', RAW_EXECUTE],
    ['src/data/probe.ts', RAW_QUERY],
  ])('should let a named statement or a read be written in %s (%s)', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toEqual([])
  })

  it("should refuse a cast of Payload's adapter outside postgresOf", async () => {
    const code =
      "import type { PostgresAdapter } from '@payloadcms/db-postgres'\nconst db = {}\nconst value = db as unknown as PostgresAdapter"
    expect(await ruleIdsFor('hooks/probe.ts', code)).toContain('no-restricted-syntax')
  })
})

describe('one transaction helper', () => {
  it.each([
    ['hooks/probe.ts', "import { initTransaction as value } from 'payload'"],
    ['endpoints/probe.ts', "import { commitTransaction as value } from 'payload'"],
    ['src/server/probe.ts', "import { killTransaction as value } from 'payload'"],
    [
      'hooks/probe.ts',
      'const payload = { db: { beginTransaction: () => 1 } }\nconst value = payload.db.beginTransaction()',
    ],
    [
      'src/server/sql/probe.ts',
      'const adapter = { commitTransaction: (id: number) => id }\nconst value = adapter.commitTransaction(1)',
    ],
    [
      'src/data/probe.ts',
      'const db = { rollbackTransaction: (id: number) => id }\nconst value = db.rollbackTransaction(1)',
    ],
    [
      'collections/probe.ts',
      'const db = { beginTransaction: () => 1 }\nconst value = db.beginTransaction.bind(db)',
    ],
  ])(
    'should refuse a transaction opened or ended outside inTransaction (%s: %s)',
    async (file, code) => {
      expect(await ruleIdsFor(file, code)).toContain('no-restricted-syntax')
    },
  )

  it('should let src/server/db.ts open and end them', async () => {
    const code =
      "import { commitTransaction, initTransaction, killTransaction } from 'payload'\nconst value = [commitTransaction, initTransaction, killTransaction]"
    expect(await ruleIdsFor('src/server/db.ts', code)).toEqual([])
  })
})

describe("the tests' rules", () => {
  it.each([
    [
      'tests/e2e/probe.e2e.spec.ts',
      'const page = { waitForTimeout: (ms: number) => ms }\nconst value = page.waitForTimeout(500)',
      'no-restricted-syntax',
    ],
    ['tests/e2e/probe.e2e.spec.ts', "const value = 'networkidle'", 'no-restricted-syntax'],
    ['tests/int/probe.int.spec.ts', "const value = '/tmp/out.txt'", 'no-restricted-syntax'],
    [
      'tests/e2e/probe.e2e.spec.ts',
      "import value from '@axe-core/playwright'",
      'no-restricted-imports',
    ],
  ])('should refuse what a test may not do (%s: %s)', async (file, code, rule) => {
    expect(await ruleIdsFor(file, code)).toContain(rule)
  })
})
