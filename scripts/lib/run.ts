import { spawn } from 'node:child_process'

/**
 * Runs a command with inherited output; resolves with its exit code. A detached command gets its
 * own process group, so stopping it also stops what it started (`next start` leaves a
 * `next-server` child behind otherwise).
 */
export const run = ({
  command,
  args,
  env = process.env,
  detached = true,
}: {
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
  detached?: boolean
}): { done: Promise<number>; stop: (signal?: NodeJS.Signals) => void } => {
  const child = spawn(command, args, { stdio: 'inherit', env, detached })
  const done = new Promise<number>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    try {
      if (child.pid) process.kill(detached ? -child.pid : child.pid, signal)
    } catch {
      // already gone
    }
  }
  return { done, stop }
}

/**
 * Runs a command with its output kept rather than shown (for commands run side by side, whose
 * output would interleave); resolves with its exit code and all it wrote, in order.
 */
export const runQuietly = ({
  command,
  args,
  env = process.env,
}: {
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
}): Promise<{ code: number; output: string }> =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }),
    )
  })

export const NEXT_BIN = 'node_modules/next/dist/bin/next'

/**
 * Node's arguments for the app's server, `dev` or `start` and Next's `-p`/`-H` after them: Next
 * behind a Node server that tells the route handlers each client's address (scripts/serve.ts).
 */
export const APP_SERVER = ['--import', 'tsx', 'scripts/serve.ts']

/**
 * Run as a server, so the `server-only` guard of the server modules lets a script in (a browser
 * bundle that reaches one is refused at build).
 */
const AS_SERVER = '--conditions=react-server'

/** Node's arguments for a TypeScript script that loads the Payload config. */
export const SERVER_SCRIPT = [AS_SERVER, '--import', 'tsx']

/** Payload's own CLI, which loads the config too. */
export const PAYLOAD_BIN = [AS_SERVER, 'node_modules/payload/bin.js']

type Server = { done: Promise<number>; stop: (signal?: NodeJS.Signals) => void }

/**
 * Keeps a server (or several) running until one exits or we are told to stop, then stops them
 * all and runs `cleanup` once: a signal stops the servers, whose exit must not start a second
 * cleanup racing the first. The cleanup waits for the servers to be gone: a database stopped
 * under a live server would end its connections with errors.
 */
export const serveUntilExit = async (
  serving: Server | Server[],
  cleanup: () => Promise<void> = async () => undefined,
): Promise<never> => {
  const servers = [serving].flat()
  const stop = (signal?: NodeJS.Signals) => servers.forEach((server) => server.stop(signal))
  let finishing: Promise<never> | null = null
  const finish = (code: number) => {
    finishing ??= (async () => {
      stop()
      const killLater = setTimeout(() => stop('SIGKILL'), 15_000)
      await Promise.all(servers.map((server) => server.done))
      clearTimeout(killLater)
      try {
        await cleanup()
      } catch (error) {
        console.error('Cleanup failed:', error)
        process.exit(1)
      }
      process.exit(code)
    })()
    return finishing
  }
  process.on('SIGINT', () => void finish(0))
  process.on('SIGTERM', () => void finish(0))
  return finish(await Promise.race(servers.map((server) => server.done)))
}
