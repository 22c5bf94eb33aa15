import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PEER_ADDRESS_FLAG } from '@/lib/peerAddress'

import { fillDatabase, ownDatabase, startApp } from './appUnderFault'

/**
 * The live chat while its PostgreSQL is crash-stopped and started again, over and over: a reader
 * whose connection also drops now and then, and that reconnects as a browser's EventSource does
 * (with Last-Event-ID), gets every message that was answered 200, once, in order.
 */
const database = await ownDatabase()
const secret = 'faults-test-secret'
Object.assign(process.env, {
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: secret,
  NEXT_PUBLIC_SERVER_URL: 'http://localhost:3000',
  [PEER_ADDRESS_FLAG]: '1',
})
const { createMember } = await import('../helpers/directory')

let tokens: string[] = []
let app: Awaited<ReturnType<typeof startApp>>

beforeAll(async () => {
  await fillDatabase(async (payload) => {
    tokens = []
    for (let i = 0; i < 8; i += 1) tokens.push((await createMember({ payload })).token)
  })
  app = await startApp({ databaseUrl: database.url, env: { PAYLOAD_SECRET: secret } })
})

afterAll(async () => {
  await app?.stop()
  await database.remove()
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A reader of /api/chat-stream that reconnects after any loss, resuming from its last event. */
const startReader = () => {
  const received: Array<{ seq: number; id: number }> = []
  let lastSeq = 0
  let stopped = false
  let connections = 0
  let controller = new AbortController()
  const done = (async () => {
    while (!stopped) {
      controller = new AbortController()
      try {
        const response = await fetch(`${app.baseUrl}/api/chat-stream?after=0`, {
          headers: lastSeq ? { 'Last-Event-ID': String(lastSeq) } : {},
          signal: controller.signal,
        })
        if (response.status !== 200 || !response.body) throw new Error(String(response.status))
        connections += 1
        const decoder = new TextDecoder()
        let text = ''
        const body = response.body.getReader()
        for (;;) {
          const { done, value } = await body.read()
          if (done) break
          text += decoder.decode(value, { stream: true })
          let end = text.indexOf('\n\n')
          while (end >= 0) {
            const block = text.slice(0, end)
            text = text.slice(end + 2)
            const id = block.match(/^id: (\d+)$/m)?.[1]
            if (block.includes('event: message') && id) {
              const seq = Number(id)
              lastSeq = seq
              received.push({
                seq,
                id: (JSON.parse(block.split('data: ')[1]) as { id: number }).id,
              })
            }
            end = text.indexOf('\n\n')
          }
        }
      } catch {
        // Lost, refused (503) or stopped: again after a while, as a browser does.
      }
      if (!stopped) await pause(300)
    }
  })()
  return {
    received,
    connections: () => connections,
    /** The connection is lost (a network drop): the reader comes back by itself. */
    drop: () => controller.abort(),
    stop: async () => {
      stopped = true
      controller.abort()
      await done
    },
  }
}

describe('the chat while the database crashes', () => {
  it('should deliver every message answered 200 to a reconnecting reader, once, in order', async () => {
    const reader = startReader()
    await pause(1000)
    let stopping = false
    const acknowledged: number[] = []
    const unexpected: string[] = []
    const writers = tokens.map(async (token, index) => {
      let n = 0
      while (!stopping) {
        const answer = await fetch(`${app.baseUrl}/api/add-chat-message`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}` },
          body: JSON.stringify({ text: `writer ${index} message ${n}` }),
          signal: AbortSignal.timeout(30_000),
        }).catch(() => null)
        if (answer?.status === 200) {
          acknowledged.push(((await answer.json()) as { message: { id: number } }).message.id)
          n += 1
        } else if (answer && ![503, 429].includes(answer.status)) {
          unexpected.push(`${answer.status} ${(await answer.text()).slice(0, 200)}`)
        }
        // Within the per-user rate limit (5 in 10 s).
        await pause(2100)
      }
    })
    for (let crash = 0; crash < 4; crash += 1) {
      await pause(1500)
      await database.crash()
      // The reader's connection drops too, every other time: it resumes while the database is
      // away (refused with 503 until it is back) or after.
      if (crash % 2 === 0) reader.drop()
      await pause(500)
      await database.start()
      if (crash % 2 === 1) reader.drop()
    }
    await pause(2500)
    stopping = true
    await Promise.all(writers)
    // Time for the reader to reconnect and catch up.
    const deadline = Date.now() + 20_000
    const seen = () => new Set(reader.received.map((r) => r.id))
    while (Date.now() < deadline && !acknowledged.every((id) => seen().has(id))) await pause(250)
    await reader.stop()

    expect(unexpected).toEqual([])
    expect(acknowledged.length).toBeGreaterThan(10)
    expect(reader.connections()).toBeGreaterThan(1)
    const ids = reader.received.map((r) => r.id)
    expect(acknowledged.filter((id) => !ids.includes(id))).toEqual([])
    expect(new Set(ids).size).toBe(ids.length)
    const seqs = reader.received.map((r) => r.seq)
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
  })
})
