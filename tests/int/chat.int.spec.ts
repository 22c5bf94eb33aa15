import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postgresOf } from '@/server/sql/run'

import { openStream } from '../helpers/chat'
import { createMember, unique } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
type Member = Awaited<ReturnType<typeof createMember>>

const say = (member: Member, text: string) =>
  rest('POST', '/add-chat-message', { token: member.token, headers: english, body: { text } })

const history = (member: Member | null, query = '') =>
  rest('GET', `/get-chat-messages${query}`, { token: member?.token, headers: english })

describe('POST /add-chat-message', () => {
  it('should post for a signed-in user, newest first in the history, the text trimmed', async () => {
    const member = await createMember({ payload })
    const { status, json } = await say(member, '  Hello, room!  ')
    expect(status).toBe(200)
    expect(json.message).toMatchObject({
      text: 'Hello, room!',
      author: { id: member.user.id, display_name: member.user.displayName, role: 'user' },
    })
    expect(json.message.author).not.toHaveProperty('email')
    await say(member, 'Second')
    const page = await history(null, '?limit=2')
    expect(page.status).toBe(200)
    expect(page.json.messages.map((m: { text: string }) => m.text)).toEqual([
      'Second',
      'Hello, room!',
    ])
    expect(page.json.has_more).toEqual(expect.any(Boolean))
    expect(page.json.last_seq).toBeGreaterThan(0)
    const older = await history(null, `?limit=1&before=${page.json.messages[0].id}`)
    expect(older.json.messages[0].text).toBe('Hello, room!')
  })

  it('should refuse guests, empty and too long messages, changing nothing', async () => {
    const member = await createMember({ payload })
    const guest = await rest('POST', '/add-chat-message', {
      headers: english,
      body: { text: 'hi' },
    })
    expect(guest.status).toBe(401)
    const empty = await say(member, '   ')
    expect([empty.status, empty.json.errors.text]).toEqual([422, ['This field is required.']])
    const long = await say(member, 'x'.repeat(1001))
    expect(long.status).toBe(422)
    const rest422 = await rest('POST', '/chat-messages', {
      token: member.token,
      headers: english,
      body: { text: '   ' },
    })
    expect(rest422.status).toBe(400)
    const { totalDocs } = await payload.count({
      collection: 'chat-messages',
      where: { author: { equals: member.user.id } },
    })
    expect(totalDocs).toBe(0)
  })

  it('should write as the caller through REST and GraphQL, whatever author they name', async () => {
    const member = await createMember({ payload })
    const other = await createMember({ payload })
    const made = await rest('POST', '/chat-messages', {
      token: member.token,
      body: { text: 'Via REST', author: other.user.id, removed: true, seq: 1 },
    })
    expect(made.status).toBe(201)
    expect(made.json.doc).toMatchObject({ author: { id: member.user.id }, removed: false })
    const viaGraphql = await graphql(
      `mutation { createChatMessage(data: { text: "Via GraphQL", author: ${other.user.id} }) { author { id } } }`,
      { token: member.token },
    )
    const created = viaGraphql.json as { data: { createChatMessage: { author: { id: number } } } }
    expect(created.data.createChatMessage.author.id).toBe(member.user.id)
  })

  it('should keep a user blocked in chat out on every door, with ‘You are blocked in chat’', async () => {
    const member = await createMember({ payload })
    await payload.update({ collection: 'users', id: member.user.id, data: { chatBlocked: true } })
    const site = await say(member, 'Let me in')
    expect([site.status, site.json.message]).toEqual([403, 'You are blocked in chat'])
    const viaRest = await rest('POST', '/chat-messages', {
      token: member.token,
      headers: english,
      body: { text: 'Let me in' },
    })
    expect(viaRest.status).toBe(403)
    const viaGraphql = await graphql(
      'mutation { createChatMessage(data: { text: "Let me in" }) { id } }',
      {
        token: member.token,
        headers: english,
      },
    )
    const refused = viaGraphql.json as { errors: Array<{ message: string }> }
    expect(refused.errors[0].message).toBe('You are blocked in chat')
    // They still read the room.
    expect((await history(member)).status).toBe(200)
  })

  it('should keep a site-blocked account out of the room, history and stream', async () => {
    const member = await createMember({ payload })
    await payload.update({
      collection: 'users',
      id: member.user.id,
      data: { blocked: true, blockReason: 'Spam' },
    })
    const page = await history(member)
    expect([page.status, page.json.message]).toEqual([402, 'You are blocked.'])
    const stream = await openStream({ member })
    expect(stream.response.status).toBe(402)
  })

  it('should limit how fast one user posts, with a clear message', async () => {
    const member = await createMember({ payload })
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(await say(member, `Message ${i}`))
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect([answers[5].status, answers[5].json.message]).toEqual([
      429,
      'You are writing too fast. Wait a few seconds.',
    ])
  })
})

describe('removing a message', () => {
  it('should let admins remove a message, kept but gone for readers; nobody deletes one', async () => {
    const member = await createMember({ payload })
    const admin = await createMember({ payload, role: 'admin' })
    const { json } = await say(member, `To remove ${unique()}`)
    const id = json.message.id
    const byMember = await rest('POST', '/delete-chat-message', {
      token: member.token,
      body: { message_id: id },
    })
    expect(byMember.status).toBe(403)
    const patch = await rest('PATCH', `/chat-messages/${id}`, {
      token: member.token,
      body: { removed: true },
    })
    expect(patch.status).toBe(403)
    const removed = await rest('POST', '/delete-chat-message', {
      token: admin.token,
      body: { message_id: id },
    })
    expect(removed.status).toBe(200)
    const again = await rest('POST', '/delete-chat-message', {
      token: admin.token,
      headers: english,
      body: { message_id: id },
    })
    expect(again.status).toBe(404)
    const page = await history(null, '?limit=100')
    expect(page.json.messages.map((m: { id: number }) => m.id)).not.toContain(id)
    expect((await rest('GET', `/chat-messages/${id}`)).status).toBe(404)
    const kept = await payload.findByID({ collection: 'chat-messages', id, depth: 0 })
    expect(kept).toMatchObject({ removed: true, removedBy: admin.user.id })
    const deleted = await rest('DELETE', `/chat-messages/${id}`, { token: admin.token })
    expect(deleted.status).toBe(403)
  })
})

describe('GET /chat-stream', () => {
  it('should deliver new and removed messages live, in order', async () => {
    const member = await createMember({ payload })
    const admin = await createMember({ payload, role: 'admin' })
    const start = (await history(null)).json.last_seq
    const stream = await openStream({ after: start })
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream')
    const first = await say(member, 'Live one')
    const second = await say(member, 'Live two')
    await rest('POST', '/delete-chat-message', {
      token: admin.token,
      body: { message_id: first.json.message.id },
    })
    const events = await stream.waitFor(3)
    stream.close()
    expect(events.map((e) => [e.event, e.data.id])).toEqual([
      ['message', first.json.message.id],
      ['message', second.json.message.id],
      ['removed', first.json.message.id],
    ])
    const ids = events.map((e) => Number(e.id))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(events[0].data).toMatchObject({ text: 'Live one', author: { id: member.user.id } })
  })

  it('should resume after Last-Event-ID with what was missed, nothing twice', async () => {
    const member = await createMember({ payload })
    const first = await openStream({ after: (await history(null)).json.last_seq })
    await say(member, 'Seen')
    const [seen] = await first.waitFor(1)
    first.close()
    // Gone for a while: three messages are written meanwhile.
    const missed = [
      await say(member, 'Missed 1'),
      await say(member, 'Missed 2'),
      await say(member, 'Missed 3'),
    ]
    const resumed = await openStream({ lastEventId: Number(seen.id) })
    await say(member, 'Live again')
    const events = await resumed.waitFor(5, 3000)
    resumed.close()
    expect(events.map((e) => e.data.text)).toEqual([
      'Missed 1',
      'Missed 2',
      'Missed 3',
      'Live again',
    ])
    expect(events.map((e) => e.data.id).slice(0, 3)).toEqual(missed.map((m) => m.json.message.id))
  })

  it('should end the stream of an account blocked on the site, at once', async () => {
    const member = await createMember({ payload })
    const stream = await openStream({ member, after: (await history(null)).json.last_seq })
    await payload.update({
      collection: 'users',
      id: member.user.id,
      data: { blocked: true, blockReason: 'Spam' },
    })
    const [event] = await stream.waitFor(1)
    stream.close()
    expect(event?.event).toBe('blocked')
  })

  it('should go on after its database connection is cut, losing nothing', async () => {
    const member = await createMember({ payload })
    const stream = await openStream({ after: (await history(null)).json.last_seq })
    await say(member, 'Before the cut')
    await stream.waitFor(1)
    // Every listening connection of this database is ended, as a database restart would.
    const pool = postgresOf(payload).pool
    const cut = await pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name = 'obzor-chat-listener'`,
    )
    expect(cut.rowCount).toBeGreaterThan(0)
    await say(member, 'After the cut')
    const events = await stream.waitFor(2, 8000)
    stream.close()
    expect(events.map((e) => e.data.text)).toEqual(['Before the cut', 'After the cut'])
  })
})
