import { env, isUsingDevSecret, workerHealthPort } from '@/server/env'
import { checkEnvAtStart } from '@/server/envSchema'

import { closePayload } from './lib/closePayload'

/**
 * `npm run worker`: Payload's job queues and nothing else — every email (the `email` queue,
 * looked at every second), scheduled publications, the analytics roll-up and the clean-ups (the
 * `default` queue) — for web instances started with JOBS_AUTORUN=false, which only queue. Any
 * number may run: a job is claimed by one runner (patches/@payloadcms+drizzle). Its only HTTP
 * answer is its health for its supervisor, on WORKER_HEALTH_PORT when set
 * (src/server/workerHealth.ts).
 *
 * SIGTERM or SIGINT stops it taking jobs and waits, up to WORKER_STOP_SECONDS (25), for the jobs
 * it holds to finish (a mail's attempt gives up within a minute); a job still running then is
 * left claimed, and the clean-up frees it for another runner after a quarter of an hour.
 */
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'production' })
checkEnvAtStart()
if (process.env.NODE_ENV === 'production' && isUsingDevSecret()) {
  console.error('PAYLOAD_SECRET must be set to run the worker in production (see README.md).')
  process.exit(1)
}
if (!env().DATABASE_URL) {
  console.error(
    'The worker needs DATABASE_URL, the database the web instances use (a single `npm start` ' +
      'without JOBS_AUTORUN=false runs its jobs itself).',
  )
  process.exit(1)
}
// This process is the one that runs jobs, whatever the web instances' setting.
process.env.JOBS_AUTORUN = 'true'

const [{ getPayload }, { default: config }, { serveWorkerHealth }] = await Promise.all([
  import('payload'),
  import('@payload-config'),
  import('@/server/workerHealth'),
])
const payload = await getPayload({ config, cron: true })
payload.logger.info('Worker: running the job queues (email, default)')
const healthPort = workerHealthPort()
const health = healthPort ? await serveWorkerHealth({ payload, port: healthPort }) : null
if (health) payload.logger.info(`Worker: health at http://0.0.0.0:${healthPort}/health`)

const stopWithin = env().WORKER_STOP_SECONDS * 1000
let stopping: Promise<void> | null = null

const stop = (signal: string) => {
  stopping ??= (async () => {
    payload.logger.info(`Worker: ${signal}, taking no more jobs`)
    for (const cron of payload.crons) cron.pause()
    const deadline = Date.now() + stopWithin
    while (payload.crons.some((cron) => cron.isBusy()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (payload.crons.some((cron) => cron.isBusy())) {
      payload.logger.warn('Worker: jobs still running are left to the clean-up, which frees them')
    }
    health?.close()
    await closePayload(payload)
    payload.logger.info('Worker: stopped')
    process.exit(0)
  })()
}

process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
