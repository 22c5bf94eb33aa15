import { type ChildProcess, spawn } from 'node:child_process'

import { Redis } from 'ioredis'

import { freePort } from '../../scripts/lib/ports'

const READY_WITHIN_MS = 10_000

/**
 * A Redis server of the caller's own (`redis-server`, which every machine of this project has),
 * on `port` or a free one, keeping nothing on disk; answers once it takes commands. The tests that
 * use Redis use one of these, never the machine's own server: the keys and channels the app names
 * (the chat's bus, the analytics counters) are the same for every process that shares a server,
 * another test run's or the developer's included.
 */
export const startRedisServer = async ({ port }: { port?: number } = {}) => {
  const listenOn = port ?? (await freePort())
  const server: ChildProcess = spawn(
    'redis-server',
    ['--port', String(listenOn), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  let failure: Error | null = null
  server.once('error', (error) => {
    failure = error
  })
  const probe = new Redis(listenOn, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 100 })
  probe.on('error', () => {})
  const deadline = Date.now() + READY_WITHIN_MS
  await probe.connect().catch(() => {})
  while (probe.status !== 'ready' && !failure && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const ready = probe.status === 'ready'
  probe.disconnect()
  if (!ready) {
    server.kill('SIGKILL')
    throw new Error(`redis-server did not start on port ${listenOn}`, { cause: failure })
  }
  return {
    url: `redis://127.0.0.1:${listenOn}`,
    port: listenOn,
    process: server,
    stop: () => {
      server.kill('SIGKILL')
    },
  }
}
