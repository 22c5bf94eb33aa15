import { type ChildProcess, spawn } from 'node:child_process'

import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PEER_ADDRESS_FLAG } from '@/lib/peerAddress'

import { freePort } from '../helpers/testDatabase'

import { ownDatabase, startApp, until } from './appUnderFault'

/**
 * Two production servers with REDIS_URL on one database: one page cache for both
 * (src/server/pageCache), and a Redis that goes away costs no page. The Redis is the test's own.
 */
const database = await ownDatabase()
const secret = 'faults-test-secret'
Object.assign(process.env, {
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: secret,
  NEXT_PUBLIC_SERVER_URL: 'http://localhost:3000',
  [PEER_ADDRESS_FLAG]: '1',
})
const { closePayload, startPayload } = await import('../helpers/payload')
const { createMember, createResource } = await import('../helpers/directory')

const redisPort = await freePort()
let redisServer: ChildProcess | null = null
const startRedis = async () => {
  redisServer = spawn('redis-server', ['--port', String(redisPort), '--save', ''], {
    stdio: 'ignore',
  })
  const probe = new Redis(redisPort, '127.0.0.1', { lazyConnect: true })
  probe.on('error', () => {})
  await until(() => probe.ping().then((answer) => answer === 'PONG'))
  probe.disconnect()
}

let apps: Awaited<ReturnType<typeof startApp>>[] = []
let resourcePage = ''
let resourceId = 0
let token = ''

beforeAll(async () => {
  await startRedis()
  const payload = await startPayload()
  const resource = await createResource({ payload })
  resourceId = resource.id
  resourcePage = `/en/resources/marketplaces/${resource.slug}`
  token = (await createMember({ payload })).token
  await closePayload(payload)
  const env = { PAYLOAD_SECRET: secret, REDIS_URL: `redis://127.0.0.1:${redisPort}` }
  apps = [
    await startApp({ databaseUrl: database.url, env }),
    await startApp({ databaseUrl: database.url, env }),
  ]
})

afterAll(async () => {
  for (const app of apps) await app.stop()
  redisServer?.kill('SIGKILL')
  await database.remove()
})

const page = async (app: (typeof apps)[number], path: string) => {
  const response = await fetch(`${app.baseUrl}${path}`, { signal: AbortSignal.timeout(30_000) })
  return {
    status: response.status,
    cache: response.headers.get('x-nextjs-cache'),
    text: await response.text(),
  }
}

describe('two instances with REDIS_URL', () => {
  it('should serve from the cache on one instance a page the other rendered', async () => {
    const [a, b] = apps
    await until(async () => (await page(a, resourcePage)).cache === 'HIT')
    expect((await page(b, resourcePage)).cache).toBe('HIT')
  })

  it("should show a review written on one instance on the other's cached page within a second", async () => {
    const [a, b] = apps
    await page(b, resourcePage)
    const comment = `Shared cache ${Date.now()}`
    const answer = await fetch(`${a.baseUrl}/api/add-reviews`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ resource_id: resourceId, grade: 5, comment }),
    })
    expect(answer.status).toBe(200)
    const seen = await until(async () => (await page(b, resourcePage)).text.includes(comment), 1000)
    expect(seen).toBe(true)
  })

  it('should serve every page while Redis is away, and say so once each way', async () => {
    const [, b] = apps
    b.clearLog()
    redisServer?.kill('SIGKILL')
    const statuses = []
    for (let i = 0; i < 5; i += 1) statuses.push((await page(b, resourcePage)).status)
    await startRedis()
    await until(async () => b.log().includes('is back'))
    expect(statuses).toEqual([200, 200, 200, 200, 200])
    expect(b.log().match(/shared page cache .* is away/g)).toHaveLength(1)
    expect(b.log().match(/shared page cache .* is back/g)).toHaveLength(1)
  })
})
