import { readdirSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { FLOORS_RULE, SERVER_FLOORS } from '../../eslint/serverFloors.mjs'

import { filesUnder } from './files'
import { ruleIdsFor } from './lintProbe'

/**
 * The floors of src/server (ARCHITECTURE.md): each file stands on exactly one, and lint refuses a
 * file that imports a floor above its own. A probe is linted as if it were a floor's first file.
 */
/** A floor's path (a file or a folder) holds the file. */
const holds = (floorPath: string, file: string) =>
  file === path.normalize(floorPath) || file.startsWith(`${path.normalize(floorPath)}/`)

/** A file of a floor: the first of its paths, or the first file in it when it is a folder. */
const fileOf = (floorPath: string) => {
  const file = path.normalize(floorPath)
  if (/\.m?tsx?$|\.mjs$/.test(file)) return file
  return path.join(
    file,
    readdirSync(file)
      .filter((name) => /\.(ts|mjs)$/.test(name))
      .sort()[0],
  )
}

/** How a file is imported: by its alias, without `.ts`. */
const specifierOf = (file: string) => `@/${file.replace(/^src\//, '').replace(/\.ts$/, '')}`

const SERVER_FILES = filesUnder(['src/server'], /\.(ts|tsx|mjs|js)$/)

const climbs = SERVER_FLOORS.flatMap((floor, index) =>
  SERVER_FLOORS.slice(index + 1).map((above) => ({
    floor: floor.name,
    above: above.name,
    probe: fileOf(floor.paths[0]),
    imported: fileOf(above.paths[0]),
  })),
)

describe('the floors of src/server', () => {
  it('should name a few floors, each with files', () => {
    expect(SERVER_FLOORS.length).toBeGreaterThan(1)
    expect(SERVER_FLOORS.length).toBeLessThanOrEqual(6)
    for (const floor of SERVER_FLOORS) expect(floor.paths.length, floor.name).toBeGreaterThan(0)
  })

  it('should place every file of src/server on exactly one floor', () => {
    expect(SERVER_FILES.length).toBeGreaterThan(50)
    const misplaced = SERVER_FILES.flatMap((file) => {
      const floors = SERVER_FLOORS.filter((floor) => floor.paths.some((p) => holds(p, file)))
      return floors.length === 1 ? [] : [`${file}: ${floors.map((floor) => floor.name)}`]
    })
    expect(misplaced).toEqual([])
  })

  it('should name only paths that exist', () => {
    for (const floor of SERVER_FLOORS) {
      for (const floorPath of floor.paths) {
        const file = path.normalize(floorPath)
        expect(
          SERVER_FILES.some((serverFile) => holds(file, serverFile)),
          floorPath,
        ).toBe(true)
      }
    }
  })

  it.each(climbs)(
    'should refuse an import of the $above floor on the $floor floor ($probe)',
    async ({ probe, imported }) => {
      const code = `import * as value from '${specifierOf(imported)}'`
      expect(await ruleIdsFor(probe, code)).toContain(FLOORS_RULE)
    },
  )

  it.each(SERVER_FLOORS.slice(1).map((floor, index) => ({ floor, below: SERVER_FLOORS[index] })))(
    'should let the $floor.name floor import the $below.name floor',
    async ({ floor, below }) => {
      const code = `import * as value from '${specifierOf(fileOf(below.paths[0]))}'`
      expect(await ruleIdsFor(fileOf(floor.paths[0]), code)).not.toContain(FLOORS_RULE)
    },
  )
})
