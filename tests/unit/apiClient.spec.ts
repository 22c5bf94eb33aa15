import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  ApiError,
  apiGet,
  apiPost,
  configureApiClient,
  getAuthToken,
  setAuthToken,
} from '@/client/api'

type Hit = { method: string; path: string; headers: IncomingMessage['headers']; body: string }
type Handler = (hit: Hit, res: ServerResponse) => void

const FRESH_TOKEN = 'fresh-token'

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}

const server = {
  hits: [] as Hit[],
  refreshSucceeds: true,
  count: (method: string, path: string) =>
    server.hits.filter((hit) => hit.method === method && hit.path === path).length,
}

const routes: Record<string, Handler> = {
  'GET /api/items': (hit, res) => json(res, 200, { docs: [{ id: 1 }] }),
  'GET /api/missing': (hit, res) => json(res, 404, { errors: [{ message: 'Not Found' }] }),
  'GET /api/broken': (hit, res) => {
    res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' })
    res.end('<html>upstream down</html>')
  },
  'POST /api/echo': (hit, res) =>
    json(res, 200, { contentType: hit.headers['content-type'] ?? null, body: hit.body }),
  'POST /api/reviews': (hit, res) =>
    json(res, 400, { errors: [{ message: 'The text is too short' }] }),
  'POST /api/protected': (hit, res) =>
    hit.headers.authorization === `Bearer ${FRESH_TOKEN}`
      ? json(res, 201, { done: true })
      : json(res, 401, { errors: [{ message: 'Unauthorized' }] }),
  'POST /api/outage': (hit, res) => {
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5' })
    res.end(JSON.stringify({ status: 503, message: 'Service temporarily unavailable' }))
  },
  'POST /api/users/login': (hit, res) =>
    json(res, 401, { errors: [{ message: 'The email or password provided is incorrect.' }] }),
  'POST /api/users/refresh-token': (hit, res) =>
    server.refreshSucceeds
      ? json(res, 200, { message: 'Token refresh successful', refreshedToken: FRESH_TOKEN })
      : json(res, 403, { errors: [{ message: 'You are not allowed to perform this action.' }] }),
}

const notFound: Handler = (hit, res) => json(res, 404, { errors: [{ message: 'No route' }] })

const onRequest = (req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const hit = {
      method: req.method ?? '',
      path,
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    }
    server.hits.push(hit)
    ;(routes[`${hit.method} ${path}`] ?? notFound)(hit, res)
  })
}

let httpServer: Server

beforeAll(async () => {
  httpServer = createServer(onRequest)
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  const { port } = httpServer.address() as AddressInfo
  configureApiClient({ baseUrl: `http://127.0.0.1:${port}/api` })
})

afterAll(async () => {
  configureApiClient({ baseUrl: null })
  await new Promise((resolve) => httpServer.close(resolve))
})

let warn: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  server.hits = []
  server.refreshSucceeds = true
  setAuthToken(null)
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('token store', () => {
  it('should hold the token in memory only', () => {
    const localStorage = { setItem: vi.fn(), getItem: vi.fn(), removeItem: vi.fn() }
    vi.stubGlobal('localStorage', localStorage)
    setAuthToken('abc')
    expect(getAuthToken()).toBe('abc')
    expect(localStorage.setItem).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })

  it('should forget the token when given null', () => {
    setAuthToken('abc')
    setAuthToken(null)
    expect(getAuthToken()).toBeNull()
  })
})

describe('apiGet', () => {
  it('should resolve with the parsed body', async () => {
    await expect(apiGet('/items')).resolves.toEqual({ docs: [{ id: 1 }] })
  })

  it('should send the bearer token when one is held', async () => {
    setAuthToken('abc')
    await apiGet('/items')
    expect(server.hits[0]?.headers.authorization).toBe('Bearer abc')
  })

  it('should send no Authorization header without a token', async () => {
    await apiGet('/items')
    expect(server.hits[0]?.headers.authorization).toBeUndefined()
  })

  it('should send credentials with every call', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await apiGet('/items')
    await apiPost('/echo', {})
    expect(fetchSpy.mock.calls.map(([, init]) => init?.credentials)).toEqual(['include', 'include'])
  })

  it('should throw an ApiError carrying the status and body on a non-OK answer', async () => {
    const failure = await apiGet('/missing').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 404, body: { errors: [{ message: 'Not Found' }] } })
  })

  it('should give a non-JSON error answer the error body shape', async () => {
    await expect(apiGet('/broken')).rejects.toMatchObject({
      status: 502,
      body: { errors: [{ message: '<html>upstream down</html>' }] },
    })
  })

  it('should not renew the token on a 401 to a GET', async () => {
    await expect(apiGet('/missing')).rejects.toBeInstanceOf(ApiError)
    expect(server.count('POST', '/api/users/refresh-token')).toBe(0)
  })

  it('should log a non-OK answer', async () => {
    await apiGet('/missing').catch(() => undefined)
    expect(warn).toHaveBeenCalledWith('[api]', 'GET', '/missing', 404)
  })

  it('should not log an OK answer', async () => {
    await apiGet('/items')
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('apiPost', () => {
  it('should send a plain object as JSON', async () => {
    const answer = await apiPost<{ contentType: string; body: string }>('/echo', { a: 1 })
    expect(answer).toEqual({
      ok: true,
      status: 200,
      data: { contentType: 'application/json', body: '{"a":1}' },
    })
  })

  it('should send FormData as multipart with its own boundary', async () => {
    const form = new FormData()
    form.set('title', 'Hello')
    const answer = await apiPost('/echo', form)
    expect(answer).toMatchObject({
      ok: true,
      data: {
        contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
        body: expect.stringContaining('name="title"\r\n\r\nHello'),
      },
    })
  })

  it('should send the bearer token when one is held', async () => {
    setAuthToken('abc')
    await apiPost('/echo', {})
    expect(server.hits[0]?.headers.authorization).toBe('Bearer abc')
  })

  it('should return the body of a non-OK answer to the caller', async () => {
    const answer = await apiPost('/reviews', { text: 'x' })
    expect(answer).toEqual({
      ok: false,
      status: 400,
      data: { errors: [{ message: 'The text is too short' }] },
    })
    expect(warn).toHaveBeenCalledWith('[api]', 'POST', '/reviews', 400)
  })

  it('should renew the token once and retry once after a 401', async () => {
    setAuthToken('stale-token')
    const answer = await apiPost('/protected', { a: 1 })
    expect(answer).toEqual({ ok: true, status: 201, data: { done: true } })
    expect(server.count('POST', '/api/protected')).toBe(2)
    expect(server.count('POST', '/api/users/refresh-token')).toBe(1)
    expect(getAuthToken()).toBe(FRESH_TOKEN)
  })

  it('should renew the token from the session cookie, without the rejected bearer token', async () => {
    setAuthToken('stale-token')
    await apiPost('/protected', {})
    const refresh = server.hits.find((hit) => hit.path === '/api/users/refresh-token')
    expect(refresh?.headers.authorization).toBeUndefined()
  })

  it('should retry with the same JSON body', async () => {
    await apiPost('/protected', { a: 1 })
    const bodies = server.hits.filter((hit) => hit.path === '/api/protected').map((hit) => hit.body)
    expect(bodies).toEqual(['{"a":1}', '{"a":1}'])
  })

  it('should return the 401 answer without a second try when renewal fails', async () => {
    server.refreshSucceeds = false
    setAuthToken('stale-token')
    const answer = await apiPost('/protected', {})
    expect(answer).toEqual({
      ok: false,
      status: 401,
      data: { errors: [{ message: 'Unauthorized' }] },
    })
    expect(server.count('POST', '/api/protected')).toBe(1)
    expect(server.count('POST', '/api/users/refresh-token')).toBe(1)
    expect(getAuthToken()).toBe('stale-token')
  })

  it('should log every non-OK answer of a failed renewal', async () => {
    server.refreshSucceeds = false
    await apiPost('/protected', {})
    expect(warn.mock.calls).toEqual([
      ['[api]', 'POST', '/protected', 401],
      ['[api]', 'POST', '/users/refresh-token', 403],
    ])
  })

  it('should share one renewal between POSTs that fail together', async () => {
    await Promise.all([apiPost('/protected', {}), apiPost('/protected', {})])
    expect(server.count('POST', '/api/users/refresh-token')).toBe(1)
    expect(server.count('POST', '/api/protected')).toBe(4)
  })

  it('should not renew the token after a failed login', async () => {
    const answer = await apiPost('/users/login', { email: 'a@b.c', password: 'wrong' })
    expect(answer.status).toBe(401)
    expect(server.count('POST', '/api/users/login')).toBe(1)
    expect(server.count('POST', '/api/users/refresh-token')).toBe(0)
  })
  it('should keep the session on a 503: no renewal, the token kept, the answer to the caller', async () => {
    setAuthToken('held-token')
    const answer = await apiPost('/outage', { a: 1 })
    expect(answer).toEqual({
      ok: false,
      status: 503,
      data: { status: 503, message: 'Service temporarily unavailable' },
    })
    expect(server.count('POST', '/api/outage')).toBe(1)
    expect(server.count('POST', '/api/users/refresh-token')).toBe(0)
    expect(getAuthToken()).toBe('held-token')
  })
})
