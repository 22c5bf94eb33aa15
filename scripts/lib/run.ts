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
}): { done: Promise<number>; stop: () => void } => {
  const child = spawn(command, args, { stdio: 'inherit', env, detached })
  const done = new Promise<number>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
  const stop = () => {
    try {
      if (child.pid) process.kill(detached ? -child.pid : child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  return { done, stop }
}

export const NEXT_BIN = 'node_modules/next/dist/bin/next'

/** Keeps a server running until it exits or we are told to stop, then stops `cleanup` too. */
export const serveUntilExit = async (
  server: { done: Promise<number>; stop: () => void },
  cleanup: () => Promise<void> = async () => undefined,
): Promise<never> => {
  const shutdown = async () => {
    server.stop()
    await cleanup()
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
  const code = await server.done
  await cleanup()
  process.exit(code)
}
