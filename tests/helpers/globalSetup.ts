import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { createTestDatabases } from './testDatabase'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrls: string[]
    mediaDir: string
  }
}

/**
 * A database of its own for each worker (tests/helpers/setupEnv.ts picks it), so that the files
 * run side by side; each worker's first file migrates it.
 */
export default async function setup(project: TestProject) {
  const { urls, drop } = await createTestDatabases({
    prefix: 'int',
    count: project.config.maxWorkers,
  })
  // The tests' uploads land here, never in the developer's own media/ folder.
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'obzor-media-'))
  project.provide('databaseUrls', urls)
  project.provide('mediaDir', mediaDir)
  return async () => {
    rmSync(mediaDir, { recursive: true, force: true })
    await drop()
  }
}
