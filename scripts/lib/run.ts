import { spawn } from 'node:child_process'

/**
 * Runs a command in its own process group with inherited output; resolves with its exit code.
 * Stopping the group also stops what it started (`next start` leaves a `next-server` child).
 */
export const run = (
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): { done: Promise<number>; stop: () => void } => {
  const child = spawn(command, args, { stdio: 'inherit', env, detached: true })
  const done = new Promise<number>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
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
