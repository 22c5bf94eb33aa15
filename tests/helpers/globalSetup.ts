import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { createTestDatabase } from './testDatabase'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
    mediaDir: string
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase('int')
  // The tests' uploads land here, never in the developer's own media/ folder.
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'obzor-media-'))
  project.provide('databaseUrl', database.url)
  project.provide('mediaDir', mediaDir)
  return async () => {
    rmSync(mediaDir, { recursive: true, force: true })
    await database.drop()
  }
}
