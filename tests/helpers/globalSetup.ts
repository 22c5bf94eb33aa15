import type { TestProject } from 'vitest/node'

import { createTestDatabase } from './testDatabase'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase('int')
  project.provide('databaseUrl', database.url)
  return database.drop
}
