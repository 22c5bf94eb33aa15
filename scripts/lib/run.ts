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

/**
 * Keeps a server running until it exits or we are told to stop, then stops it and runs `cleanup`
 * once: a signal stops the server, whose exit must not start a second cleanup racing the first.
 * The cleanup waits for the server to be gone: a database stopped under a live server would end
 * its connections with errors.
 */
export const serveUntilExit = async (
  server: { done: Promise<number>; stop: (signal?: NodeJS.Signals) => void },
  cleanup: () => Promise<void> = async () => undefined,
): Promise<never> => {
  let finishing: Promise<never> | null = null
  const finish = (code: number) => {
    finishing ??= (async () => {
      server.stop()
      const killLater = setTimeout(() => server.stop('SIGKILL'), 15_000)
      await server.done
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
  return finish(await server.done)
}
