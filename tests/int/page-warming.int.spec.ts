import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { resourcePath } from '@/lib/resourceTypes'
import { PAGE_WARMING_RESOURCES, warmPages } from '@/server/pageWarming'
import { runSql } from '@/server/sql/run'

import { createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'

/**
 * The pages warmed after a deploy (src/server/pageWarming.ts), against a web instance of the test's
 * own: a server that answers the build it is told and records every page asked for.
 */
let payload: Payload
let web: Server
let baseUrl: string
let build = 'build-1'
let asked: string[] = []
/** A page that fails when warmed, as a page may. */
const FAILING = '/en/news'

beforeAll(async () => {
  payload = await startPayload()
  web = createServer((request, response) => {
    if (request.url === '/build-id.json') {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ buildId: build }))
      return
    }
    asked.push(request.url ?? '')
    response.statusCode = request.url === FAILING ? 500 : 200
    response.end('<html></html>')
  })
  await new Promise<void>((listening) => web.listen(0, '127.0.0.1', listening))
  baseUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`
  await payload.kv.delete('page-warming')
})

afterAll(async () => {
  await new Promise((closed) => web.close(closed))
  await releasePayload()
})

describe('warming the pages after a deploy', () => {
  it('should ask for home, the listings, the news and the most viewed resources, once a build', async () => {
    const viewed = await createResource({ payload, type: 'forum' })
    const unpublished = await createResource({ payload, type: 'forum', status: 'pending' })
    await runSql({
      payload,
      query: sql`INSERT INTO analytics_resource_days (resource_id, day, views)
                 VALUES (${viewed.id}, current_date, 1000000), (${unpublished.id}, current_date, 2000000)`,
    })

    const first = await warmPages({ payload, baseUrl })
    expect(first).toMatchObject({ build: 'build-1', failed: 1, skipped: false })
    expect(asked).toHaveLength(first.pages)
    // Asked two at a time: in order, but two neighbours may arrive either way round.
    expect(asked.slice(0, 13)).toEqual(
      expect.arrayContaining([
        '/',
        '/en',
        '/resources/marketplaces',
        '/en/resources/marketplaces',
        '/resources/shops',
        '/en/resources/shops',
        '/resources/forums',
        '/en/resources/forums',
        '/resources/exchangers',
        '/en/resources/exchangers',
        '/news',
        '/en/news',
      ]),
    )
    // The most viewed forum leads the forums' pages; a resource not published is never asked.
    const forums = asked.filter((path) => /^\/resources\/forums\/./.test(path))
    expect(forums[0]).toBe(resourcePath(viewed))
    expect(forums.length).toBeLessThanOrEqual(PAGE_WARMING_RESOURCES)
    expect(asked).toContain(`/en${resourcePath(viewed)}`)
    expect(asked.some((path) => path.endsWith(`/${unpublished.slug}`))).toBe(false)

    asked = []
    expect(await warmPages({ payload, baseUrl })).toMatchObject({ skipped: true, pages: 0 })
    expect(asked).toEqual([])

    build = 'build-2'
    expect(await warmPages({ payload, baseUrl })).toMatchObject({
      build: 'build-2',
      skipped: false,
    })
    expect(asked).toContain('/')
  })

  it('should fail, and warm nothing, when the web instances do not answer', async () => {
    await expect(warmPages({ payload, baseUrl: 'http://127.0.0.1:9' })).rejects.toThrow()
  })
})
