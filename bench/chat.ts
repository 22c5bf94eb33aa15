import http from 'node:http'

import { DEMO_PASSWORD } from '@/seed/users'

import { SERVER_SCRIPT, run } from '../scripts/lib/run'
import { createTestDatabase } from '../tests/helpers/testDatabase'

import { percentile, rssOfServerMb, startServer } from './lib'

/**
 * The live chat under load (run `npm run build` first): how many readers one instance holds, how
 * long a message takes from its POST to each reader's stream (p50, p99), and the server's memory
 * per connected reader. For each count of readers (BENCH_CHAT_READERS, "100,500,1000"): open the
 * streams, then post BENCH_CHAT_MESSAGES messages (40) one every 100 ms as the demo admin (not
 * rate-limited), each carrying its send time; every reader notes when each arrives. The readers
 * and the server share this machine (and its clock).
 */
const PORT = process.env.BENCH_PORT || '3300'
const READERS = (process.env.BENCH_CHAT_READERS || '100,500,1000').split(',').map(Number)
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES || 40)
const base = `http://localhost:${PORT}`

const database = await createTestDatabase('bench_chat')
const env = { ...process.env, DATABASE_URL: database.url, PAYLOAD_SECRET: 'bench-secret' }
const seeded = await run({
  command: 'node',
  args: [...SERVER_SCRIPT, 'scripts/seed.ts'],
  env,
  detached: false,
}).done
if (seeded !== 0) throw new Error(`seed failed (exit ${seeded})`)
const server = await startServer({ port: PORT, env })

type Reader = { request: http.ClientRequest; latencies: number[] }

/** Opens one reader's stream; resolves once the server has sent the first event. */
const openReader = (after: number) =>
  new Promise<Reader>((resolve, reject) => {
    const reader: Reader = { request: null as unknown as http.ClientRequest, latencies: [] }
    let text = ''
    let ready = false
    reader.request = http.get(
      `${base}/api/chat-stream?after=${after}`,
      { agent: false, headers: { Accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`))
          return
        }
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          const now = Date.now()
          text += chunk
          let end = text.indexOf('\n\n')
          while (end >= 0) {
            const block = text.slice(0, end)
            text = text.slice(end + 2)
            if (!ready && block.includes('event: online')) {
              ready = true
              resolve(reader)
            }
            if (block.includes('event: message')) {
              const sent = Number(block.match(/"text":"sent (\d+)/)?.[1])
              if (sent) reader.latencies.push(now - sent)
            }
            end = text.indexOf('\n\n')
          }
        })
        response.on('error', () => {})
      },
    )
    reader.request.on('error', (error) => (ready ? undefined : reject(error)))
  })

const login = await fetch(`${base}/api/users/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ login: 'admin', email: 'admin', password: DEMO_PASSWORD }),
})
const { token } = (await login.json()) as { token: string }
if (!token) throw new Error(`admin sign-in failed (${login.status})`)

const post = (text: string) =>
  fetch(`${base}/api/add-chat-message`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}` },
    body: JSON.stringify({ text }),
  })

const results = []
try {
  // Warm-up: the routes compiled and the hub started.
  await post('warm-up')
  for (const count of READERS) {
    const history = (await (await fetch(`${base}/api/get-chat-messages?limit=1`)).json()) as {
      last_seq: number
    }
    const idle = rssOfServerMb(PORT)
    const readers: Reader[] = []
    const opening = Date.now()
    for (let i = 0; i < count; i += 50) {
      readers.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, count - i) }, () => openReader(history.last_seq)),
        )),
      )
    }
    const openSeconds = (Date.now() - opening) / 1000
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const connected = rssOfServerMb(PORT)
    for (let i = 0; i < MESSAGES; i += 1) {
      const answer = await post(`sent ${Date.now()} #${i}`)
      if (!answer.ok) throw new Error(`post answered ${answer.status}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const latencies = readers.flatMap((reader) => reader.latencies).sort((a, b) => a - b)
    const delivered = latencies.length / (count * MESSAGES)
    for (const reader of readers) reader.request.destroy()
    const row = {
      readers: count,
      open_s: Number(openSeconds.toFixed(1)),
      delivered: `${(delivered * 100).toFixed(1)}%`,
      p50_ms: percentile(latencies, 50),
      p99_ms: percentile(latencies, 99),
      max_ms: latencies.at(-1),
      rss_idle_mb: idle,
      rss_connected_mb: connected,
      kb_per_reader: Math.round(((connected - idle) * 1024) / count),
    }
    results.push(row)
    console.log(row)
    await new Promise((resolve) => setTimeout(resolve, 2000))
  }
  console.table(results)
} finally {
  server.stop()
  await server.done
  await database.drop()
}
