import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { openStream } from '../helpers/chat'
import { createMember } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

/** The same room with Redis pub/sub as the bus between instances (REDIS_URL set). */
let payload: Payload

beforeAll(async () => {
  // The test run's own Redis (tests/helpers/globalSetup.ts): the bus's channels are the same for
  // every process on a server, so the machine's Redis would carry other runs' events too.
  process.env.REDIS_URL = inject('redisUrl')
  payload = await startPayload()
})

afterAll(async () => {
  await releasePayload()
  delete process.env.REDIS_URL
})

describe('the chat over Redis', () => {
  it('should deliver live and resume after a gap, each message once and in order', async () => {
    const member = await createMember({ payload })
    const say = (text: string) =>
      rest('POST', '/add-chat-message', { token: member.token, body: { text } })
    const start = (await rest('GET', '/get-chat-messages')).json.last_seq
    const live = await openStream({ after: start })
    await say('Over Redis 1')
    await say('Over Redis 2')
    const seen = await live.waitFor(2)
    live.close()
    expect(seen.map((e) => e.data.text)).toEqual(['Over Redis 1', 'Over Redis 2'])
    await say('While away')
    const resumed = await openStream({ lastEventId: Number(seen[1].id) })
    await say('Back')
    const events = await resumed.waitFor(3, 3000)
    resumed.close()
    expect(events.map((e) => e.data.text)).toEqual(['While away', 'Back'])
  })
})
