import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { ARROWS, IMPORTS, ruleIdsFor } from './lintProbe'

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
  'payload.config.ts': {
    at: ['payload.config.ts', 'config/probe.ts'],
    own: ['payload.config.ts'],
  },
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
