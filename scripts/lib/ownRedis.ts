import { type ChildProcess, spawn } from 'node:child_process'
import { setTimeout as pause } from 'node:timers/promises'

import { Redis } from 'ioredis'

import { freePort } from './ports'

export type OwnRedis = {
  url: string
  /** Ends it at once, as a crash would (it keeps nothing on disk). */
  kill: () => Promise<void>
  /** Starts it again on the same port, empty. */
  start: () => Promise<void>
  /** Stops it answering, its connections open (SIGSTOP), as a stalled server does; and resumes it. */
  pause: () => void
  resume: () => void
}

/** A Redis of the caller's own (Debian's `redis-server`), on a free port, keeping nothing. */
export const startOwnRedis = async (): Promise<OwnRedis> => {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | null = null
  const start = async () => {
    if (child) return
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    )
    const deadline = Date.now() + 10_000
    for (;;) {
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 })
      client.on('error', () => {})
      const answered = await client
        .connect()
        .then(() => client.ping())
        .then(
          () => true,
          () => false,
        )
      client.disconnect()
      if (answered) return
      if (Date.now() > deadline) throw new Error(`redis-server did not start on ${port}`)
      await pause(100)
    }
  }
  const kill = async () => {
    const running = child
    child = null
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }
  const signal = (name: NodeJS.Signals) => () => void child?.kill(name)
  await start()
  return { url, kill, start, pause: signal('SIGSTOP'), resume: signal('SIGCONT') }
}
