import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { filesUnder } from './files'
import { ARROWS, IMPORTS, ruleIdsFor } from './lintProbe'

/**
 * The lint rules that keep ARCHITECTURE.md's parts true, beyond the arrows of its block
 * (tests/unit/arrows.spec.ts): planted imports and code each rule must refuse or let through.
 */
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
    // The config's own parts (config/) stand where the config does.
    ['the site', 'src/components/Probe.tsx', "import { jobs as value } from '../../config/jobs'"],
    ['hooks', 'hooks/probe.ts', "import { admin as value } from '../config/admin'"],
    ['the config', 'config/probe.ts', "import { getPayload as value } from '@/data/payload'"],
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
    const misnamed = filesUnder(['src'], /\.tsx?$/)
      .filter((file) => !/\.client\.tsx?$/.test(file))
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
  'src/server/rates/sax.d.ts': 'a declaration of types only: nothing of it runs',
}

describe('the server/client line', () => {
  it("should start every module of src/server and src/data with import 'server-only'", () => {
    const bare = filesUnder(['src/server', 'src/data'], /\.tsx?$/)
      .filter((file) => !(file in SERVER_ONLY_ASIDE))
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
