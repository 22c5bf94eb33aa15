import { env, isUsingDevSecret } from '@/server/env'
import { checkEnvAtStart } from '@/server/envSchema'

import { startCluster } from './lib/cluster'
import { resolveDatabase } from './lib/resolveDatabase'

/**
 * `npm run cluster` (after `npm run build`): the deployment of deploy/compose.yaml on this one
 * machine, without containers: CLUSTER_WEBS web instances (2) behind a balancer on PORT (3000),
 * the jobs worker, REDIS_URL's Redis or one of its own, over DATABASE_URL (or the embedded
 * Postgres). Each process's output is shown with its name.
 */
checkEnvAtStart()
if (isUsingDevSecret()) {
  console.error('PAYLOAD_SECRET must be set to run the production build (see README.md).')
  process.exit(1)
}
const { databaseUrl, embedded } = await resolveDatabase()
const cluster = await startCluster({
  databaseUrl,
  webs: Number(process.env.CLUSTER_WEBS || 2),
  redisUrl: env().REDIS_URL,
  balancerPort: env().PORT,
  echo: true,
})
console.log(
  `The site: ${cluster.balancer.url} (instances ${cluster.webs.map((web) => web.url).join(', ')}` +
    `${cluster.worker ? ', and a worker' : ''}; Ctrl-C stops them)`,
)
let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await cluster.stop()
  await embedded?.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
