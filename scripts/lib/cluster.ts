import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { setTimeout as pause } from 'node:timers/promises'

import { type Balancer, startBalancer } from './balancer'
import { type OwnRedis, startOwnRedis } from './ownRedis'
import { freePort } from './ports'
import { APP_SERVER, SERVER_SCRIPT } from './run'

/**
 * The site as it runs on several machines (deploy/compose.yaml), on one machine without
 * containers: web instances of the production build, a jobs worker, a Redis of its own and a
 * load balancer in front, over one PostgreSQL. `npm run cluster` runs it; the two-instance tests
 * (tests/cluster) and the bench start theirs through it.
 */

/** A process of the cluster, its output kept (the tests read it) and, with `echo`, shown. */
export type Member = {
  name: string
  /** What it has logged since it started, or since `clearLog`. */
  log: () => string
  clearLog: () => void
  stop: (signal?: NodeJS.Signals) => Promise<void>
  exited: () => boolean
  /** Its exit code once it has exited (1 when a signal ended it). */
  exitCode: () => number | null
}

const spawnMember = ({
  name,
  args,
  env,
  echo,
}: {
  name: string
  args: string[]
  env: NodeJS.ProcessEnv
  echo: boolean
}): Member => {
  const child: ChildProcess = spawn('node', args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stopping it stops what it started.
    detached: true,
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8')
    if (echo) {
      for (const line of chunk.toString('utf8').trimEnd().split('\n'))
        console.log(`[${name}] ${line}`)
    }
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  // 'close', not 'exit': by then all it wrote has been read.
  let closed = false
  const exit = new Promise<void>((resolve) =>
    child.once('close', () => {
      closed = true
      resolve()
    }),
  )
  return {
    name,
    log: () => output,
    clearLog: () => {
      output = ''
    },
    exited: () => closed,
    exitCode: () => child.exitCode ?? (child.signalCode ? 1 : null),
    stop: async (signal = 'SIGTERM') => {
      if (closed) return
      try {
        process.kill(-child.pid!, signal)
      } catch {
        return
      }
      const kill = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL')
        } catch {
          // gone meanwhile
        }
      }, 15_000)
      await exit
      clearTimeout(kill)
    },
  }
}

/** Waits until `url` answers 200, or fails with what the member logged. */
const waitUntilReady = async (member: Member, url: string, ms = 90_000) => {
  const deadline = Date.now() + ms
  for (;;) {
    if (member.exited()) throw new Error(`${member.name} stopped while starting:\n${member.log()}`)
    const ok = await fetch(url).then(
      (answer) => answer.ok,
      () => false,
    )
    if (ok) return
    if (Date.now() > deadline) throw new Error(`${member.name} did not get ready:\n${member.log()}`)
    await pause(250)
  }
}

export type WebInstance = Member & { port: number; url: string }

/** One web instance: the production server (`npm start`'s), on `port`. */
export const startWeb = async ({
  name,
  port,
  env,
  echo = false,
}: {
  name: string
  port: number
  env: NodeJS.ProcessEnv
  echo?: boolean
}): Promise<WebInstance> => {
  const member = spawnMember({
    name,
    // Bound to the loopback alone, as a machine behind its own balancer runs it.
    args: [...APP_SERVER, 'start', '-p', String(port), '-H', '127.0.0.1'],
    env: { ...env, NODE_ENV: 'production' },
    echo,
  })
  const url = `http://127.0.0.1:${port}`
  await waitUntilReady(member, `${url}/api/ready`)
  return { ...member, port, url }
}

/** The jobs worker (`npm run worker`), when this checkout has one. */
export const WORKER_SCRIPT = 'scripts/worker.ts'

export const startWorker = ({ env, echo = false }: { env: NodeJS.ProcessEnv; echo?: boolean }) =>
  spawnMember({
    name: 'worker',
    args: [...SERVER_SCRIPT, WORKER_SCRIPT],
    env: { ...env, NODE_ENV: 'production' },
    echo,
  })

export const hasWorker = () => existsSync(WORKER_SCRIPT)

/** What the worker logs once it runs the queues (scripts/worker.ts). */
const WORKER_READY = 'Worker: running the job queues'

/** Waits until `member` has logged `line`, or fails with what it logged. */
const waitForLine = async (member: Member, line: string, ms = 120_000) => {
  const deadline = Date.now() + ms
  while (!member.log().includes(line)) {
    if (member.exited()) throw new Error(`${member.name} stopped while starting:\n${member.log()}`)
    if (Date.now() > deadline) throw new Error(`${member.name} did not start:\n${member.log()}`)
    await pause(100)
  }
}

/** The balancer in a process of its own (scripts/balancer.ts), answering once it listens. */
export const startBalancerProcess = async ({
  port,
  targets,
}: {
  port: number
  targets: string[]
}): Promise<Balancer> => {
  const member = spawnMember({
    name: 'balancer',
    args: ['--import', 'tsx', 'scripts/balancer.ts', '-p', String(port), ...targets],
    env: process.env,
    echo: false,
  })
  await waitForLine(member, 'Balancing')
  return { url: `http://127.0.0.1:${port}`, close: () => member.stop() }
}

export type Cluster = {
  webs: WebInstance[]
  worker: Member | null
  /** The cluster's own Redis (none when given REDIS_URL). */
  redis: OwnRedis | null
  balancer: Balancer
  stop: () => Promise<void>
}

/**
 * Starts the topology on `databaseUrl` (migrated first, once, as a deployment does before it
 * starts its instances): `webs` instances behind the balancer, and the worker, which alone runs
 * the jobs (the instances run with JOBS_AUTORUN=false) when this checkout has one.
 */
export const startCluster = async ({
  databaseUrl,
  webs = 2,
  env = {},
  redisUrl,
  balancerPort,
  echo = false,
}: {
  databaseUrl: string
  webs?: number
  env?: Record<string, string>
  /** A Redis to use; null for none (each instance on its own); unset for one of the cluster's own. */
  redisUrl?: string | null
  balancerPort?: number
  echo?: boolean
}): Promise<Cluster> => {
  const redis = redisUrl === undefined ? await startOwnRedis() : null
  const port = balancerPort ?? (await freePort())
  const withWorker = hasWorker()
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis?.url ?? redisUrl ?? '',
    // The balancer on the loopback writes X-Forwarded-For.
    TRUSTED_PROXIES: '127.0.0.1, ::1',
    NEXT_PUBLIC_SERVER_URL: env.NEXT_PUBLIC_SERVER_URL ?? `http://127.0.0.1:${port}`,
  }
  const migrate = spawnMember({
    name: 'migrate',
    args: [...SERVER_SCRIPT, 'scripts/migrate.ts'],
    env: shared,
    echo,
  })
  while (!migrate.exited()) await pause(100)
  if (migrate.exitCode() !== 0) {
    await redis?.kill()
    throw new Error(`Migrating ${databaseUrl} failed:\n${migrate.log()}`)
  }
  const started: Member[] = []
  const stopAll = async () => {
    await Promise.all(started.map((member) => member.stop()))
    await redis?.kill()
  }
  try {
    const instances: WebInstance[] = []
    for (let index = 0; index < webs; index += 1) {
      const web = await startWeb({
        name: `web-${String.fromCharCode(97 + index)}`,
        port: await freePort(),
        env: { ...shared, ...(withWorker ? { JOBS_AUTORUN: 'false' } : {}) },
        echo,
      })
      started.push(web)
      instances.push(web)
    }
    const worker = withWorker ? startWorker({ env: shared, echo }) : null
    if (worker) {
      started.push(worker)
      await waitForLine(worker, WORKER_READY)
    }
    const balancer = await startBalancer({ port, targets: instances.map((web) => web.url) })
    return {
      webs: instances,
      worker,
      redis,
      balancer,
      stop: async () => {
        await balancer.close()
        await stopAll()
      },
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}
