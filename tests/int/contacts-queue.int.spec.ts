import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LIMITS, MAX_RECORD_ID } from '@/lib/limits'
import type { ContactMessage } from '@payload-types'

import { createMember, unique } from '../helpers/directory'
import { formData, pngFile } from '../helpers/forms'
import { mailsTo, receivedTo, refuseMail, waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

type Member = Awaited<ReturnType<typeof createMember>>
type View = {
  id: number
  subject: string
  handled: boolean
  handled_by: { id: number } | null
  reply: { text: string; by: { id: number } | null; at: string | null } | null
}

/** A message as `POST /add-contacts` leaves it: unprocessed, no reply. */
const stored = (overrides: Partial<ContactMessage> = {}) =>
  payload.create({
    collection: 'contact-messages',
    data: {
      name: 'Anna Petrova',
      email: `anna${unique()}@example.com`,
      subject: `Question ${unique()}`,
      message: 'Hello,\nhow do I verify my shop?',
      locale: 'en',
      handled: false,
      ...overrides,
    },
    overrideAccess: true,
  })

const reread = (id: number) =>
  payload.findByID({ collection: 'contact-messages', id, depth: 0, overrideAccess: true })

const call = (path: string, member: Member | null, body: Record<string, unknown>) =>
  rest('POST', path, { token: member?.token, headers: english, body })

const list = (member: Member | null, body: Record<string, unknown> = {}) =>
  call('/get-contact-messages', member, body)
const mark = (member: Member | null, body: Record<string, unknown>) =>
  call('/mark-contact-message', member, body)
const reply = (member: Member | null, body: Record<string, unknown>) =>
  call('/reply-contact-message', member, body)

/** Every message of one tab, page after page. */
const allOf = async (member: Member, handled: boolean) => {
  const ids: number[] = []
  for (let page = 1; ; page += 1) {
    const { json } = await list(member, { handled, page })
    ids.push(...json.messages.map((m: View) => m.id))
    if (page >= json.total_pages) break
  }
  return ids
}

const admin = () => createMember({ payload, role: 'admin' })

describe('the contact messages queue', () => {
  it('should list the unprocessed oldest first and the processed apart, with both counts', async () => {
    const moderator = await admin()
    const first = await stored()
    const second = await stored()
    const done = await stored({ handled: true })
    const { status, json } = await list(moderator, { handled: false })
    expect(status, JSON.stringify(json)).toBe(200)
    const open = await allOf(moderator, false)
    expect(open.filter((id) => [first.id, second.id, done.id].includes(id))).toEqual([
      first.id,
      second.id,
    ])
    expect(await allOf(moderator, true)).toContain(done.id)
    const counts = {
      unprocessed: (
        await payload.count({
          collection: 'contact-messages',
          where: { handled: { equals: false } },
        })
      ).totalDocs,
      processed: (
        await payload.count({
          collection: 'contact-messages',
          where: { handled: { equals: true } },
        })
      ).totalDocs,
    }
    expect(json.counts).toEqual(counts)
    expect(json.messages.length).toBeLessThanOrEqual(10)
  })

  it('should show what the visitor sent, their files included', async () => {
    const moderator = await admin()
    const subject = `With a file ${unique()}`
    const sent = await rest('POST', '/add-contacts', {
      headers: english,
      body: formData(
        { name: 'Boris', email: `boris${unique()}@example.com`, subject, message: 'See the file.' },
        [pngFile('evidence.png')],
      ),
    })
    expect(sent.status).toBe(200)
    const { docs } = await payload.find({
      collection: 'contact-messages',
      where: { subject: { equals: subject } },
      overrideAccess: true,
    })
    const { json } = await list(moderator, { handled: false })
    const pages = Math.max(1, json.total_pages)
    const found = (await list(moderator, { handled: false, page: pages })).json.messages.find(
      (m: View) => m.id === docs[0].id,
    )
    expect(found).toMatchObject({
      name: 'Boris',
      subject,
      message: 'See the file.',
      locale: 'en',
      handled: false,
      reply: null,
      attachments: [{ filename: 'evidence.png', mime_type: 'image/png' }],
    })
  })

  it('should mark a message processed, record who and when, and return it to the queue', async () => {
    const moderator = await admin()
    const message = await stored()
    const marked = await mark(moderator, { id: message.id, handled: true })
    expect(marked.status, JSON.stringify(marked.json)).toBe(200)
    expect(marked.json.message).toMatchObject({
      id: message.id,
      handled: true,
      handled_by: { id: moderator.user.id },
    })
    expect(marked.json.message.handled_at).toBeTruthy()
    expect(await allOf(moderator, false)).not.toContain(message.id)
    expect(await allOf(moderator, true)).toContain(message.id)
    const back = await mark(moderator, { id: message.id, handled: false })
    expect(back.json.message).toMatchObject({ handled: false, handled_by: null, handled_at: null })
    expect(await allOf(moderator, false)).toContain(message.id)
  })

  it('should mail the reply to the sender, record it and mark the message processed', async () => {
    const moderator = await admin()
    const message = await stored({ name: 'Carla', subject: `Fees ${unique()}` })
    const text = `Thank you, Carla: the owner will update the fees ${unique()}.`
    const answered = await reply(moderator, { id: message.id, reply: `  ${text}\r\n` })
    expect(answered.status, JSON.stringify(answered.json)).toBe(200)
    expect(answered.json.message).toMatchObject({
      handled: true,
      handled_by: { id: moderator.user.id },
      reply: { text, by: { id: moderator.user.id } },
    })
    expect(answered.json.message.reply.at).toBeTruthy()
    const mail = await waitForMail({ to: message.email })
    expect(mail.subject).toBe(`Re: ${message.subject}`)
    expect(mail.text).toContain(text)
    expect(mail.text).toContain('Hello Carla,')
    expect(mail.text).toContain('> how do I verify my shop?')
    expect(await allOf(moderator, true)).toContain(message.id)
  })

  it('should reply in the language the visitor wrote in', async () => {
    const moderator = await admin()
    const message = await stored({ name: 'Дарья', locale: 'ru' })
    expect((await reply(moderator, { id: message.id, reply: 'Спасибо!' })).status).toBe(200)
    const mail = await waitForMail({ to: message.email })
    expect(mail.text).toContain('Здравствуйте, Дарья!')
    expect(mail.text).toContain('вы написали нам')
  })

  it('should reply once: a second reply is refused and nothing more is mailed', async () => {
    const moderator = await admin()
    const other = await admin()
    const message = await stored()
    await reply(moderator, { id: message.id, reply: 'First answer.' })
    await waitForMail({ to: message.email })
    const again = await reply(other, { id: message.id, reply: 'Second answer.' })
    expect([again.status, again.json.errors]).toEqual([
      422,
      { reply: ['This message has already been answered.'] },
    ])
    const rewrite = await rest('PATCH', `/contact-messages/${message.id}`, {
      token: other.token,
      body: { reply: 'Rewritten.', repliedBy: other.user.id },
    })
    expect(rewrite.status).toBe(200)
    const after = await reread(message.id)
    expect([after.reply, after.repliedBy]).toEqual(['First answer.', moderator.user.id])
    expect(await mailsTo(message.email)).toHaveLength(1)
  })

  it('should record the reply and answer 200 while the mail server is down, and mail it once it is back', async () => {
    const moderator = await admin()
    const message = await stored()
    refuseMail({ down: true })
    try {
      const answered = await reply(moderator, { id: message.id, reply: 'Hello while down.' })
      expect([answered.status, answered.json.message?.reply?.text]).toEqual([
        200,
        'Hello while down.',
      ])
      expect(receivedTo(message.email)).toEqual([])
    } finally {
      refuseMail({ down: false })
    }
    expect((await waitForMail({ to: message.email })).text).toContain('Hello while down.')
    expect(await mailsTo(message.email)).toHaveLength(1)
  })

  it('should answer bad input with a clear 4xx, never a 500', async () => {
    const moderator = await admin()
    const message = await stored()
    for (const id of ['abc', -1, 1.5, 1e30, '1\u0000', {}]) {
      for (const [path, body] of [
        ['/mark-contact-message', { id, handled: true }],
        ['/reply-contact-message', { id, reply: 'x' }],
      ] as const) {
        const { status } = await call(path, moderator, body)
        expect(status, `${path} ${JSON.stringify(id)}`).toBe(422)
      }
    }
    expect((await mark(moderator, { id: MAX_RECORD_ID, handled: true })).status).toBe(404)
    const missing = await reply(moderator, { id: MAX_RECORD_ID, reply: 'x' })
    expect([missing.status, missing.json.message]).toEqual([404, 'Message not found.'])
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ id: message.id, reply: '   ' }, { reply: ['This field is required.'] }],
      [
        { id: message.id, reply: 'x'.repeat(LIMITS.messageMax + 1) },
        { reply: ['The text is too long.'] },
      ],
    ]
    for (const [body, errors] of cases) {
      const { status, json } = await reply(moderator, body)
      expect([status, json.errors]).toEqual([422, errors])
    }
    expect((await mark(moderator, { id: message.id, handled: 'yes' })).status).toBe(422)
    expect((await list(moderator, { handled: 'no' })).status).toBe(422)
    expect((await list(moderator, { page: 0 })).status).toBe(422)
    expect(await reread(message.id)).toMatchObject({ handled: false, reply: null })
  })
})

describe('who may handle contact messages, on every door', () => {
  const MUTATION = `mutation ($id: Int!) { updateContactMessage(id: $id, data: { handled: true, reply: "Sneaky reply" }) { id } }`

  it('should refuse the calls to a user, an editor, an owner and a guest', async () => {
    const message = await stored()
    const people = await Promise.all(
      (['user', 'editor', 'owner'] as const).map((role) => createMember({ payload, role })),
    )
    for (const member of people) {
      expect((await list(member)).status).toBe(403)
      expect((await mark(member, { id: message.id, handled: true })).status).toBe(403)
      expect((await reply(member, { id: message.id, reply: 'Hi' })).status).toBe(403)
    }
    expect((await list(null)).status).toBe(401)
    expect((await reply(null, { id: message.id, reply: 'Hi' })).status).toBe(401)
    expect(await reread(message.id)).toMatchObject({ handled: false, reply: null })
    expect(await mailsTo(message.email)).toEqual([])
  })

  it('should refuse them REST and GraphQL reads and writes', async () => {
    const message = await stored()
    const people = await Promise.all(
      (['user', 'editor', 'owner'] as const).map((role) => createMember({ payload, role })),
    )
    for (const member of [...people, null]) {
      const token = member?.token
      const answers = [
        (await rest('GET', `/contact-messages/${message.id}`, { token })).status,
        (
          await rest('PATCH', `/contact-messages/${message.id}`, {
            token,
            body: { handled: true, reply: 'Sneaky reply' },
          })
        ).status,
        (await rest('DELETE', `/contact-messages/${message.id}`, { token })).status,
      ]
      expect(answers, member?.user.role ?? 'guest').toEqual([403, 403, 403])
      const gql = await graphql(MUTATION, {
        token,
        variables: { id: message.id },
        headers: english,
      })
      expect(gql.json?.errors?.[0]?.message).toBe('You are not allowed to perform this action.')
    }
    expect(await reread(message.id)).toMatchObject({ handled: false, reply: null })
    expect(await mailsTo(message.email)).toEqual([])
  })

  it('should let an admin mark and reply through REST and GraphQL, with the same record and mail', async () => {
    const moderator = await admin()
    const byRest = await stored()
    const patched = await rest('PATCH', `/contact-messages/${byRest.id}`, {
      token: moderator.token,
      body: { reply: 'Answered through REST.' },
    })
    expect(patched.status, JSON.stringify(patched.json)).toBe(200)
    expect(await reread(byRest.id)).toMatchObject({
      reply: 'Answered through REST.',
      repliedBy: moderator.user.id,
      handled: true,
      handledBy: moderator.user.id,
    })
    expect((await waitForMail({ to: byRest.email })).text).toContain('Answered through REST.')

    const byGraphql = await stored()
    const gql = await graphql(MUTATION, {
      token: moderator.token,
      variables: { id: byGraphql.id },
    })
    expect(gql.json?.errors).toBeUndefined()
    expect(await reread(byGraphql.id)).toMatchObject({ reply: 'Sneaky reply', handled: true })
    expect((await waitForMail({ to: byGraphql.email })).text).toContain('Sneaky reply')
  })

  it('should keep what the visitor sent and what was recorded, whoever writes, by any door', async () => {
    const moderator = await admin()
    const stranger = await createMember({ payload })
    const message = await stored({ sender: stranger.user.id })
    const forged = {
      name: 'Forged',
      email: 'forged@example.com',
      subject: 'Forged subject',
      message: 'Forged text',
      attachments: [],
      sender: moderator.user.id,
      locale: 'ru',
      handled: true,
      handledBy: stranger.user.id,
      handledAt: '2000-01-01T00:00:00.000Z',
    }
    const patched = await rest('PATCH', `/contact-messages/${message.id}`, {
      token: moderator.token,
      body: forged,
    })
    expect(patched.status, JSON.stringify(patched.json)).toBe(200)
    const gql = await graphql(
      `
        mutation ($id: Int!) {
          updateContactMessage(
            id: $id
            data: {
              name: "Forged"
              subject: "Forged subject"
              message: "Forged text"
              email: "forged@example.com"
            }
          ) {
            id
            name
          }
        }
      `,
      { token: moderator.token, variables: { id: message.id } },
    )
    expect(gql.json?.errors?.[0]?.message ?? null).toBeNull()
    await payload.update({
      collection: 'contact-messages',
      id: message.id,
      data: { subject: 'Forged subject' },
      user: moderator.user,
      overrideAccess: false,
    })
    const after = await reread(message.id)
    expect({
      name: after.name,
      email: after.email,
      subject: after.subject,
      message: after.message,
      sender: after.sender,
      locale: after.locale,
      handled: after.handled,
      handledBy: after.handledBy,
    }).toEqual({
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      sender: stranger.user.id,
      locale: 'en',
      handled: true,
      handledBy: moderator.user.id,
    })
    expect(after.handledAt).not.toBe(forged.handledAt)
  })
})
