import { Agent, type IncomingMessage, type Server, createServer } from 'node:http'
import { Readable } from 'node:stream'

import { ProxyServer } from 'http-proxy-3'

export type Balancer = { url: string; close: () => Promise<void> }

/**
 * The load balancer in front of the web instances, as deploy/nginx.conf configures one: each
 * request to the next instance in turn, the client's address appended to X-Forwarded-For (the
 * instances trust the balancer through TRUSTED_PROXIES), server-sent events passed on as they
 * come, and a read that an instance refuses tried on the next.
 */
export const startBalancer = async ({
  port,
  targets,
}: {
  port: number
  targets: string[]
}): Promise<Balancer> => {
  const proxy = new ProxyServer({
    xfwd: true,
    proxyTimeout: 120_000,
    // Connections to the instances kept open: opening one per request added 0.7 s at p50 under
    // 20 concurrent clients, even in front of a trivial server.
    agent: new Agent({ keepAlive: true }),
  })
  let turn = 0
  /** The next instance in turn, as an index into `targets`. */
  const nextTurn = () => {
    turn = (turn + 1) % targets.length
    return turn
  }
  const server: Server = createServer(async (req, res) => {
    // A request is tried on the following instance when one refused the connection, so nothing of
    // it reached an instance: a write too, from its body held here (as nginx buffers it), since
    // the first try consumed the request's own stream. Each instance is tried once.
    const isRead = req.method === 'GET' || req.method === 'HEAD'
    const body = isRead ? null : await readWhole(req).catch(() => null)
    if (!isRead && !body) return void res.destroy()
    const first = nextTurn()
    const forward = (attempt: number) =>
      proxy.web(
        req,
        res,
        {
          target: targets[(first + attempt) % targets.length],
          ...(body ? { buffer: Readable.from([body]) } : {}),
        },
        (error) => {
          const refused = (error as NodeJS.ErrnoException).code === 'ECONNREFUSED'
          const left = attempt < targets.length - 1
          if (refused && left && !res.headersSent) return forward(attempt + 1)
          if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' })
          res.end('Bad gateway')
        },
      )
    forward(0)
  })
  server.on('upgrade', (req, socket, head) => {
    proxy.ws(req, socket, head, { target: targets[nextTurn()] }, () => socket.destroy())
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A request's whole body. */
const readWhole = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
