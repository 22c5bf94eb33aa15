import { execSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'

import autocannon from 'autocannon'

import { NEXT_BIN, run } from '../scripts/lib/run'
import { withPayload } from '../scripts/lib/withPayload'
import { seed } from '../src/seed'
import { createTestDatabase } from '../tests/helpers/testDatabase'

/**
 * Load benchmark against `next start` (run `npm run build` first): each target for DURATION
 * seconds at CONNECTIONS concurrent connections, all in one run so the ratios are comparable.
 * The static build marker is the floor every other figure is divided by.
 */
const PORT = process.env.BENCH_PORT || '3300'
const DURATION = Number(process.env.BENCH_DURATION || 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20)
const base = `http://localhost:${PORT}`

const TARGETS = [
  { name: 'static build marker', path: '/build-id.json' },
  { name: 'home (ru)', path: '/' },
  { name: 'home (en)', path: '/en' },
  { name: 'sign-in page', path: '/en/signin' },
  { name: '404 page', path: '/en/no-such-page' },
  { name: 'Payload REST media list', path: '/api/media?limit=20&depth=1' },
]

const database = await createTestDatabase('bench')
process.env.DATABASE_URL = database.url
process.env.PAYLOAD_SECRET ||= 'bench-secret'
await withPayload((payload) => seed({ payload }))

const server = run({
  command: 'node',
  args: [NEXT_BIN, 'start', '-p', PORT],
  env: { ...process.env, NODE_ENV: 'production' },
})

/** Resident memory of the Next server processes, in MB. */
const rssOfServerMb = () => {
  const lines = execSync('ps -eo rss=,args=').toString().split('\n')
  const kb = lines
    .filter((line) => line.includes('next-server') || line.includes(`${NEXT_BIN} start -p ${PORT}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
  return Math.round(kb.reduce((a, b) => a + b, 0) / 1024)
}

try {
  for (let i = 0; i < 120; i += 1) {
    const ok = await fetch(`${base}/ru`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const rows = []
  for (const target of TARGETS) {
    // Warm-up, so compilation caches and the pool are not measured.
    await autocannon({ url: `${base}${target.path}`, connections: 4, amount: 50 })
    const result = await autocannon({
      url: `${base}${target.path}`,
      connections: CONNECTIONS,
      duration: DURATION,
    })
    rows.push({
      name: target.name,
      path: target.path,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    })
    console.log(rows.at(-1))
  }
  const floor = rows[0]
  const report = {
    date: new Date().toISOString(),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    serverRssMb: rssOfServerMb(),
    rows: rows.map((row) => ({
      ...row,
      p97_5VsStatic: Number((row.p97_5 / Math.max(floor.p97_5, 1)).toFixed(1)),
    })),
  }
  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/latest.json', JSON.stringify(report, null, 2))
  console.table(report.rows)
  console.log(`next-server RSS after the run: ${report.serverRssMb} MB`)
} finally {
  server.stop()
  await server.done
  await database.drop()
}
process.exit(0)
