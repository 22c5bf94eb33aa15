import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import { parseArgs } from 'node:util'

import {
  RETRY_AFTER_SECONDS,
  isDatabaseDown,
  isDatabaseUnavailableError,
} from '@/lib/databaseOutage'
import { REPORT_BYTES_MAX } from '@/lib/limits'
import { PEER_ADDRESS_FLAG, PEER_ADDRESS_HEADER } from '@/lib/peerAddress'
import { isWellEncoded } from '@/lib/percentEncoding'
import { checkEnvAtStart, env } from '@/server/envSchema'
import { readFromPrimary } from '@/server/primaryReads'
import { REQUEST_ID_HEADER, requestIdFrom, withRequestId } from '@/server/requestContext'
import type { RouteGroup, ServerHooks } from '@/server/serverHooks'

import en from '../messages/en.json' with { type: 'json' }
import ru from '../messages/ru.json' with { type: 'json' }

import { releaseAbortReasonStacks } from './lib/releaseAbortStacks'

/**
 * The app's HTTP server: Next's own request handler (Next's documented custom server) behind a
 * plain Node server that writes each request's TCP peer address into an internal header, always
 * replacing what the client sent, because route handlers cannot see the socket
 * (src/server/clientAddress.ts reads it). `npm run dev`, `npm start`, the end-to-end server, the
 * quick-start check and the bench all serve the app through it:
 *
 *   node --import tsx scripts/serve.ts dev|start [-p PORT] [-H HOSTNAME]
 *
 * It runs without the react-server condition, as `next` itself does.
 */
const { positionals, values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  allowPositionals: true,
})
const [mode] = positionals
if (positionals.length !== 1 || (mode !== 'dev' && mode !== 'start')) {
  console.error('Usage: scripts/serve.ts dev|start [-p PORT] [-H HOSTNAME]')
  process.exit(2)
}
const isDev = mode === 'dev'
checkEnvAtStart()
// tsx turns Node's source maps on, and Node then reads and keeps the map of every module the
// server loads: Next's bundles bring hundreds of megabytes of them, and every error's stack is
// mapped. Production reads stacks as built; development keeps them mapped.
if (!isDev) process.setSourceMapsEnabled(false)
releaseAbortReasonStacks()
const port = Number(values.port ?? env().PORT)
const hostname = values.hostname
// The config's default public address (src/server/env.ts) follows the port actually served.
Object.assign(process.env, {
  NODE_ENV: isDev ? 'development' : 'production',
  PORT: String(port),
  [PEER_ADDRESS_FLAG]: '1',
})

const { default: next } = await import('next')
// Next is told `localhost` whatever address the server listens on: it builds the proxy's request
// URL from it, and NextURL turns any loopback host into `localhost`, so with `-H 127.0.0.1` every
// rewrite of the proxy (src/proxy.ts) pointed at another origin than the request's, was taken for
// an outside address, and every listing, resource and news page answered 404.
const app = next({ dev: isDev, hostname: 'localhost', port })
const handle = app.getRequestHandler()
await app.prepare()
const upgrade = app.getUpgradeHandler()

/**
 * A path whose percent-encoding decodes to nothing names nothing, and Next's router fails on it
 * (a plain-text 500) before the proxy or Payload run: a page address is served the site's 404
 * page in the language of its prefix, an API address a 400 in the API's shape.
 */
const NO_PAGE = '/_no-such-page'

/** The request's path, without its query. */
const pathOf = (req: IncomingMessage) => (req.url || '/').split('?')[0]

const answerMalformedPath = (req: IncomingMessage, res: ServerResponse): boolean => {
  const path = pathOf(req)
  if (isWellEncoded(path)) return false
  if (path.startsWith('/api/')) {
    const catalogue = /^en\b/i.test(req.headers['accept-language'] ?? '') ? en : ru
    res.writeHead(400, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        status: 400,
        code: 'address-invalid',
        message: catalogue.api['address-invalid'],
      }),
    )
    return true
  }
  req.url = path.startsWith('/en/') || path === '/en' ? `/en${NO_PAGE}` : `/ru${NO_PAGE}`
  return false
}

/**
 * While the database is away, a page that failed for it is answered 503 with Retry-After rather
 * than 500 (Next gives an error page no status of its own; the API answers 503 itself), so that
 * browsers, crawlers and load balancers know to come back. Cached pages are served as usual.
 */
const answerOutage = (res: ServerResponse) => {
  const writeHead = res.writeHead.bind(res) as (
    status: number,
    ...rest: unknown[]
  ) => ServerResponse
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status < 500 || status === 503 || !isDatabaseDown()) return writeHead(status, ...rest)
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
    if (typeof rest[0] === 'string') rest[0] = 'Service Unavailable'
    return writeHead(503, ...rest)
  }) as ServerResponse['writeHead']
}

// Each page that met the database away would log its stack: the app logs the outage once, and
// its end (src/server/databaseHealth.ts).
const logError = console.error.bind(console)
console.error = (...args: unknown[]) => {
  if (!args.some((arg) => isDatabaseUnavailableError(arg))) logError(...args)
}

/** Whether a request carries a session (its cookie or a token). */
const hasSession = (req: IncomingMessage) =>
  Boolean(req.headers.authorization) || /(?:^|;\s*)payload-token=/.test(req.headers.cookie ?? '')

/** What the app offers its server once Payload has started (src/server/serverHooks.ts). */
const serverHooks = () => (globalThis as { obzorServerHooks?: ServerHooks }).obzorServerHooks

/**
 * A guest's analytics report (`POST /api/track` with no session cookie and no token), answered
 * here rather than by Next and Payload, by the track call's own endpoint that the app offers
 * among its hooks (endpoints/analytics: guestReportsFor): every resource page a visitor
 * opens sends one, and through Next it cost a fraction of a cached page's render per view. A
 * signed-in visitor's report (the resource's staff are not counted), a form, a body without a
 * length or one past the call's size (refused there with 413, unread), and any report before
 * Payload has started go the usual way.
 */
const answerGuestReport = (req: IncomingMessage, res: ServerResponse): boolean => {
  const answer = serverHooks()?.answerGuestReport
  if (!answer || req.method !== 'POST' || req.url !== '/api/track') return false
  if (hasSession(req)) return false
  if (/multipart|urlencoded/i.test(req.headers['content-type'] ?? '')) return false
  const length = Number(req.headers['content-length'])
  if (!Number.isInteger(length) || length < 0 || length > REPORT_BYTES_MAX) return false
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      for (const each of Array.isArray(value) ? value : value ? [value] : []) {
        headers.append(name, each)
      }
    }
    void answer({ headers, text: Buffer.concat(chunks).toString('utf8') })
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers))
        res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined)
      })
      .catch(() => res.writeHead(500).end())
  })
  return true
}

/**
 * With read replicas (DATABASE_REPLICA_URLS), only a guest's reads may go to them: a write, and
 * every request of a signed-in visitor, read from the primary, so that nobody misses their own
 * write, and a session is checked against its latest state (one ended on any instance is refused
 * at once). The cached pages are filled from the primary too (src/server/publicCache.ts).
 */
const readsFromPrimary = (req: IncomingMessage) =>
  (req.method !== 'GET' && req.method !== 'HEAD') || hasSession(req)

/** The route group a request's figures are counted under. */
const groupOf = (path: string): RouteGroup => {
  if (path.startsWith('/_next/')) return 'static'
  if (path === '/api/health' || path === '/api/ready') return 'health'
  if (path.startsWith('/api/graphql')) return 'graphql'
  if (path.startsWith('/api/')) return 'api'
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin'
  // Reviewer profiles are the one public page rendered per request: their times apart.
  if (/^\/(?:(?:ru|en)\/)?reviewers\//.test(path)) return 'reviewer'
  if (path.startsWith('/badge/') || path.startsWith('/widget/')) return 'embed'
  return 'page'
}

/** Counts and logs each request once answered, under its id. */
const observe = (req: IncomingMessage, res: ServerResponse, id: string) => {
  const started = performance.now()
  const path = pathOf(req)
  res.once('finish', () => {
    serverHooks()?.requestDone({
      id,
      group: groupOf(path),
      method: req.method ?? 'GET',
      path,
      status: res.statusCode,
      seconds: (performance.now() - started) / 1000,
      authorization: req.headers.authorization,
      cookie: req.headers.cookie,
    })
  })
}

/**
 * `GET /api/metrics` for a caller with METRICS_TOKEN, answered here; for anyone else it goes on
 * to the app, where no such address exists (404), as before Payload has started.
 */
const answerMetrics = (req: IncomingMessage, res: ServerResponse): boolean => {
  const hooks = serverHooks()
  if (!hooks || req.method !== 'GET' || pathOf(req) !== '/api/metrics') {
    return false
  }
  void hooks.answerMetrics(req.headers.authorization).then(
    (figures) => {
      if (!figures) return void handle(req, res)
      res.writeHead(200, { 'Content-Type': figures.contentType, 'Cache-Control': 'no-store' })
      res.end(figures.body)
    },
    () => res.writeHead(503).end(),
  )
  return true
}

const server = createServer((req, res) => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? ''
  // Each request's id: the balancer's or the client's, else a new one; in the answer's header,
  // the app's log lines for it and its own line (src/server/requestLog.ts).
  const id = requestIdFrom(req.headers[REQUEST_ID_HEADER])
  req.headers[REQUEST_ID_HEADER] = id
  res.setHeader('X-Request-Id', id)
  withRequestId(id, () => {
    if (answerMetrics(req, res)) return
    observe(req, res, id)
    if (answerMalformedPath(req, res)) return
    if (answerGuestReport(req, res)) return
    answerOutage(res)
    if (readsFromPrimary(req)) readFromPrimary(() => void handle(req, res))
    else void handle(req, res)
  })
})
// Next's development server keeps a websocket open for hot reloading.
server.on('upgrade', (req, socket, head) => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? ''
  void upgrade(req, socket, head)
})
// An idle kept-alive connection stays open longer than a balancer's or a client's own idle limit
// (60 s is common): closed by the server first, a request already sent on it would meet a reset.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
server.listen(port, hostname, () => {
  console.log(`▲ Ready on http://${hostname ?? 'localhost'}:${port} (${mode})`)
})

// The app's analytics counts not yet written (src/server/analytics/recorder.ts), which the app
// offers among its hooks: written before the process leaves.
const writeCounts = () =>
  serverHooks()
    ?.flushAnalytics()
    .catch(() => {})

// Production finishes the requests under way (for up to 10 s) and writes its analytics counts
// before it leaves; development, whose hot-reload sockets never close, leaves at once.
const stop = () => {
  if (isDev) process.exit(0)
  server.close(() => void Promise.resolve(writeCounts()).finally(() => process.exit(0)))
  server.closeIdleConnections()
  setTimeout(() => process.exit(0), 10_000).unref()
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop)
