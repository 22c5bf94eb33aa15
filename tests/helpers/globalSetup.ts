import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { SERVER_SCRIPT, runQuietly } from '../../scripts/lib/run'

import { startRedisServer } from './redisServer'
import { createTestDatabases } from './testDatabase'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrls: string[]
    mediaDir: string
    redisUrl: string
  }
}

/** Applies the migrations to the database at `url`, in a process of its own (`npm run migrate`). */
const migrate = async (url: string) => {
  const { code, output } = await runQuietly({
    command: 'node',
    args: [...SERVER_SCRIPT, 'scripts/migrate.ts'],
    env: { ...process.env, DATABASE_URL: url },
  })
  if (code !== 0) throw new Error(`Migrating the tests' database failed:\n${output}`)
}

/**
 * A database of its own for each worker (tests/helpers/setupEnv.ts picks it), so that the files
 * run side by side: one is migrated, the others are copies of it.
 */
export default async function setup(project: TestProject) {
  const { urls, drop } = await createTestDatabases({
    prefix: 'int',
    count: project.config.maxWorkers,
    prepare: migrate,
  })
  // The tests' uploads land here, never in the developer's own media/ folder.
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'obzor-media-'))
  // The run's own Redis, for the files that run the app over Redis (REDIS_URL): the app's channels
  // and keys carry no prefix, so a server shared with another run would mix their messages.
  const redis = await startRedisServer().catch(async (error: unknown) => {
    rmSync(mediaDir, { recursive: true, force: true })
    await drop()
    throw error
  })
  project.provide('databaseUrls', urls)
  project.provide('mediaDir', mediaDir)
  project.provide('redisUrl', redis.url)
  return async () => {
    redis.stop()
    rmSync(mediaDir, { recursive: true, force: true })
    await drop()
  }
}
