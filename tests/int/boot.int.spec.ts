import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { allMigrations } from '@/server/migrations'
import { postgresOf } from '@/server/sql/run'

import { releasePayload, startPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

describe('platform boot', () => {
  it('should boot Payload against a real Postgres database', async () => {
    const { rows } = await postgresOf(payload).drizzle.execute(
      sql`select current_database() as name`,
    )
    expect(String(rows[0].name)).toMatch(/^int_/)
  })

  it('should apply every committed migration to an empty database', async () => {
    const applied = await payload.find({
      collection: 'payload-migrations',
      limit: 100,
      sort: 'name',
    })
    expect(applied.docs.map((doc) => doc.name)).toEqual(allMigrations.map((m) => m.name))
  })

  it('should run with both locales and Russian as the default', () => {
    expect(payload.config.localization && payload.config.localization.defaultLocale).toBe('ru')
    expect(payload.config.localization && payload.config.localization.localeCodes).toEqual([
      'ru',
      'en',
    ])
  })
})

afterAll(releasePayload)
