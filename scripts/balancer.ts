import { parseArgs } from 'node:util'

import { startBalancer } from './lib/balancer'

/**
 * The cluster's load balancer in a process of its own (the bench's: in the process that sends
 * the load it would share one event loop with it):
 *
 *   node --import tsx scripts/balancer.ts -p PORT http://127.0.0.1:3001 http://127.0.0.1:3002
 */
const { positionals, values } = parseArgs({
  options: { port: { type: 'string', short: 'p' } },
  allowPositionals: true,
})
const port = Number(values.port)
if (!Number.isInteger(port) || positionals.length === 0) {
  console.error('Usage: scripts/balancer.ts -p PORT TARGET_URL…')
  process.exit(2)
}
const balancer = await startBalancer({ port, targets: positionals })
console.log(`Balancing ${balancer.url} over ${positionals.join(', ')}`)
const stop = () => void balancer.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
