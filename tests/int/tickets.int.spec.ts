import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LIMITS, RATE_LIMITS, UPLOAD_RULES } from '@/lib/limits'

import { createMember } from '../helpers/directory'
import { PNG, damagedPdfFile, disguisedFile, formData, pdfFile, pngFile } from '../helpers/forms'
import { mailsTo, waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { fileStatus, graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
const russian = { 'Accept-Language': 'ru' }
/** Where new tickets are told by default: support@ the host of NEXT_PUBLIC_SERVER_URL. */
const SUPPORT_ADDRESS = `support@${new URL(process.env.NEXT_PUBLIC_SERVER_URL!).hostname}`

let counter = 0
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`

type Member = Awaited<ReturnType<typeof createMember>>
type Attachment = { filename: string; url: string }
type Message = { body: string; from_support: boolean; own: boolean; attachments: Attachment[] }

const openTicket = ({
  member,
  subject = `Question ${unique()}`,
  message = 'My payment is stuck.',
  files = [],
  headers = english,
}: {
  member: Member
  subject?: string
  message?: string
  files?: File[]
  headers?: Record<string, string>
}) =>
  rest('POST', '/add-requests', {
    token: member.token,
    headers,
    body: formData({ subject, message }, files),
  })

const reply = ({
  member,
  id,
  message = 'Thank you, we are looking into it.',
  files = [],
}: {
  member: Member
  id: unknown
  message?: string
  files?: File[]
}) =>
  rest('POST', '/reply-ticket', {
    token: member.token,
    headers: english,
    body: formData({ id: String(id), message }, files),
  })

const read = (member: Member, id: unknown) =>
  rest('POST', '/get-ticket-by-id', { token: member.token, headers: english, body: { id } })

const list = (member: Member, body: Record<string, unknown> = {}) =>
  rest('POST', '/get-tickets', { token: member.token, headers: english, body })

/** The stored ticket with this subject, whatever anyone may read. */
const storedTickets = async (subject: string) =>
  (
    await payload.find({
      collection: 'tickets',
      where: { subject: { equals: subject } },
      depth: 0,
      overrideAccess: true,
    })
  ).docs

/** The name under which an attachment's file is served. */
const fileName = (attachment: Attachment) => decodeURIComponent(attachment.url.split('/').pop()!)

const people = async () => {
  const [author, stranger, owner, editor, admin] = await Promise.all([
    createMember({ payload }),
    createMember({ payload }),
    createMember({ payload, role: 'owner' }),
    createMember({ payload, role: 'editor' }),
    createMember({ payload, role: 'admin' }),
  ])
  return { author, stranger, owner, editor, admin }
}

describe('POST /add-requests', () => {
  it('should open a ticket with its first message and files, and tell support by email', async () => {
    const { author } = await people()
    const subject = `Payment ${unique()}`
    const { status, json } = await openTicket({
      member: author,
      subject,
      message: '  Where is my money?\r\nOrder 42.  ',
      files: [pngFile('receipt.png')],
    })
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.ticket).toMatchObject({
      subject,
      status: 'open',
      unread: false,
      can_reply: true,
      can_close: true,
      author: { id: author.user.id, display_name: author.user.displayName },
    })
    expect(json.ticket.messages).toHaveLength(1)
    expect(json.ticket.messages[0]).toMatchObject({
      body: 'Where is my money?\nOrder 42.',
      from_support: false,
      own: true,
      attachments: [{ mime_type: 'image/png', filesize: PNG.length }],
    })
    // Support's address gets the other files' mails too (contact messages): this ticket's is
    // found by its number, not taken as the last one.
    await waitForMail({ to: SUPPORT_ADDRESS })
    const mail = (await mailsTo(SUPPORT_ADDRESS)).find((sent) =>
      sent.subject.includes(`№${json.ticket.id}`),
    )
    expect(mail?.subject).toContain(`№${json.ticket.id}`)
    expect(mail?.text).toContain(`/tickets/${json.ticket.id}`)
  })

  it('should refuse guests, and blank or too long fields in the caller’s language', async () => {
    const { author } = await people()
    const guest = await rest('POST', '/add-requests', {
      body: formData({ subject: 'Hi', message: 'Hello' }),
    })
    expect(guest.status).toBe(401)
    const subject = `Blank ${unique()}`
    const blank = await openTicket({ member: author, subject, message: '   ' })
    expect([blank.status, blank.json.errors]).toEqual([
      422,
      { message: ['This field is required.'] },
    ])
    const long = await openTicket({
      member: author,
      subject: 'x'.repeat(LIMITS.subjectMax + 1),
      headers: russian,
    })
    expect([long.status, long.json.errors.subject]).toEqual([422, ['Слишком длинный текст.']])
    expect(await storedTickets(subject)).toEqual([])
  })

  it('should refuse a file too large, of a type not allowed or one too many, storing nothing', async () => {
    const { author } = await people()
    const big = new Uint8Array(UPLOAD_RULES.attachment.maxBytes + 1)
    big.set(PNG)
    const cases = [
      {
        files: [new File([big], 'big.png', { type: 'image/png' })],
        error: 'File size exceeds the maximum limit.',
      },
      { files: [pngFile(), disguisedFile()], error: 'File type is not allowed.' },
      {
        files: Array.from({ length: LIMITS.attachmentsMax + 1 }, (_, i) => pngFile(`${i}.png`)),
        error: `At most ${LIMITS.attachmentsMax} files can be attached.`,
      },
    ]
    const attachmentsBefore = (await payload.count({ collection: 'attachments' })).totalDocs
    for (const { files, error } of cases) {
      const subject = `Files ${unique()}`
      const { status, json } = await openTicket({ member: author, subject, files })
      expect([status, json.errors.attachments]).toEqual([422, [error]])
      expect(await storedTickets(subject)).toEqual([])
    }
    expect((await payload.count({ collection: 'attachments' })).totalDocs).toBe(attachmentsBefore)
  })

  it('should accept a PDF', async () => {
    const { author } = await people()
    const { status, json } = await openTicket({ member: author, files: [pdfFile()] })
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.ticket.messages[0].attachments[0].mime_type).toBe('application/pdf')
  })
})

describe('files in the sender’s language and by their own names', () => {
  it('should refuse a damaged PDF in Russian, never in Payload’s English, storing nothing', async () => {
    const { author } = await people()
    const subject = `Damaged ${unique()}`
    const before = (await payload.count({ collection: 'attachments' })).totalDocs
    const { status, json } = await openTicket({
      member: author,
      subject,
      files: [damagedPdfFile()],
      headers: russian,
    })
    expect([status, json.message, json.errors.attachments]).toEqual([
      422,
      'Файл PDF повреждён или загружен не полностью.',
      ['Файл PDF повреждён или загружен не полностью.'],
    ])
    expect([
      await storedTickets(subject),
      (await payload.count({ collection: 'attachments' })).totalDocs,
    ]).toEqual([[], before])
  })

  it('should refuse a damaged PDF in English when asked', async () => {
    const { author } = await people()
    const { json } = await openTicket({ member: author, files: [damagedPdfFile()] })
    expect(json.errors.attachments).toEqual([
      'The PDF file is damaged or was not uploaded completely.',
    ])
  })

  it('should refuse a damaged PDF in a reply in the replier’s language', async () => {
    const { author } = await people()
    const opened = await openTicket({ member: author })
    const { status, json } = await rest('POST', '/reply-ticket', {
      token: author.token,
      headers: russian,
      body: formData({ id: String(opened.json.ticket.id), message: 'Ещё файл' }, [
        damagedPdfFile(),
      ]),
    })
    expect([status, json.errors.attachments]).toEqual([
      422,
      ['Файл PDF повреждён или загружен не полностью.'],
    ])
  })

  it('should keep the names files were uploaded with, though they are stored under their own', async () => {
    const { author } = await people()
    const names = ['Счёт за май.pdf', 'Счёт за май.pdf', 'scan (1) #2.png']
    const { json } = await openTicket({
      member: author,
      files: [pdfFile(names[0]), pdfFile(names[1]), pngFile(names[2])],
    })
    const attachments: Attachment[] = json.ticket.messages[0].attachments
    const served = attachments.map(fileName)
    expect([attachments.map((file) => file.filename), new Set(served).size]).toEqual([names, 3])
  })

  it('should show a name without folders or direction overrides', async () => {
    const { author } = await people()
    const { json } = await openTicket({
      member: author,
      files: [pngFile('..\\evil/photo\u202egnp.exe')],
    })
    expect(json.ticket.messages[0].attachments[0].filename).toBe('photognp.exe')
  })
})

describe('a ticket’s thread', () => {
  it('should go open → answered (unread, mailed) → read → open again → closed', async () => {
    const { author, admin } = await people()
    const opened = await openTicket({ member: author })
    const id = opened.json.ticket.id
    const answered = await reply({ member: admin, id, files: [pngFile('howto.png')] })
    expect(answered.status, JSON.stringify(answered.json)).toBe(200)
    expect(answered.json.ticket.status).toBe('answered')
    const mail = await waitForMail({ to: author.user.email })
    expect(mail.subject).toContain(`№${id}`)
    expect(mail.text).toContain(`/tickets/${id}`)

    const [summary] = (await list(author)).json.tickets
    expect(summary).toMatchObject({ id, status: 'answered', unread: true })
    // Support reading the ticket marks nothing read for its author.
    await read(admin, id)
    expect((await list(author)).json.tickets[0].unread).toBe(true)

    const thread = await read(author, id)
    expect(thread.json.ticket.unread).toBe(false)
    expect(thread.json.ticket.messages.map((m: Message) => [m.from_support, m.own])).toEqual([
      [false, true],
      [true, false],
    ])
    expect((await list(author)).json.tickets[0].unread).toBe(false)

    const followUp = await reply({ member: author, id, message: 'It did not help.' })
    expect(followUp.json.ticket.status).toBe('open')
    const closed = await rest('POST', '/close-ticket', { token: author.token, body: { id } })
    expect(closed.json.ticket).toMatchObject({ status: 'closed', can_reply: false })
    // Closing twice is no error; a closed ticket takes no more messages, from anyone.
    expect(
      (await rest('POST', '/close-ticket', { token: author.token, body: { id } })).status,
    ).toBe(200)
    const late = await reply({ member: admin, id })
    expect([late.status, late.json.errors]).toEqual([
      422,
      { message: ['This ticket is closed: open a new one if you still need help.'] },
    ])
    expect((await read(author, id)).json.ticket.messages).toHaveLength(3)
  })

  it('should let support close a ticket', async () => {
    const { author, admin } = await people()
    const { json } = await openTicket({ member: author })
    const closed = await rest('POST', '/close-ticket', {
      token: admin.token,
      body: { id: json.ticket.id },
    })
    expect(closed.json.ticket.status).toBe('closed')
  })

  it('should list the caller’s own tickets newest first, by status, ten a page', async () => {
    const { author, stranger } = await people()
    const ids: number[] = []
    for (let i = 0; i < 11; i += 1) ids.push((await openTicket({ member: author })).json.ticket.id)
    await openTicket({ member: stranger })
    const first = await list(author)
    expect(first.json).toMatchObject({ page: 1, total_pages: 2, total: 11 })
    expect(first.json.tickets.map((t: { id: number }) => t.id)).toEqual(ids.slice(1).reverse())
    const second = await list(author, { page: 2 })
    expect(second.json.tickets.map((t: { id: number }) => t.id)).toEqual([ids[0]])
    await rest('POST', '/close-ticket', { token: author.token, body: { id: ids[3] } })
    const closed = await list(author, { status: 'closed' })
    expect(closed.json.tickets.map((t: { id: number }) => t.id)).toEqual([ids[3]])
    expect((await list(author, { page: 3 })).json.tickets).toEqual([])
  })

  it('should give support a queue of open tickets, the longest waiting first', async () => {
    const { author, stranger, admin } = await people()
    const older = (await openTicket({ member: author })).json.ticket.id
    const newer = (await openTicket({ member: stranger })).json.ticket.id
    // An answer takes a ticket out of the open queue; the author's next message puts it back last.
    const answered = (await openTicket({ member: author })).json.ticket.id
    await reply({ member: admin, id: answered })
    const pages: number[] = []
    for (let page = 1; ; page += 1) {
      const { json } = await list(admin, { queue: true, status: 'open', page })
      pages.push(...json.tickets.map((t: { id: number }) => t.id))
      if (page >= json.total_pages) break
    }
    expect(pages.filter((id) => [older, newer, answered].includes(id))).toEqual([older, newer])
    await reply({ member: author, id: answered, message: 'Still broken.' })
    const again: number[] = []
    for (let page = 1; ; page += 1) {
      const { json } = await list(admin, { queue: true, status: 'open', page })
      again.push(...json.tickets.map((t: { id: number }) => t.id))
      if (page >= json.total_pages) break
    }
    expect(again.filter((id) => [older, newer, answered].includes(id))).toEqual([
      older,
      newer,
      answered,
    ])
    // Support's own list is still only the tickets they opened themselves.
    expect((await list(admin)).json.total).toBe(0)
  })

  it(`should refuse a member's ${RATE_LIMITS.ticketMessagePerUser.points + 1}th message within the hour`, async () => {
    const { author } = await people()
    const { json } = await openTicket({ member: author })
    for (let i = 1; i < RATE_LIMITS.ticketMessagePerUser.points; i += 1) {
      expect(
        (await reply({ member: author, id: json.ticket.id, message: `Note ${i}` })).status,
      ).toBe(200)
    }
    const over = await reply({ member: author, id: json.ticket.id })
    expect(over.status).toBe(429)
    expect((await openTicket({ member: author })).status).toBe(429)
  })
})

describe('nobody reads another person’s ticket, by any door', () => {
  it('should answer “not found” to a stranger on every call, and change nothing', async () => {
    const { author, stranger, owner } = await people()
    const { json } = await openTicket({ member: author, files: [pngFile()] })
    const id = json.ticket.id
    for (const other of [stranger, owner]) {
      expect((await read(other, id)).status).toBe(404)
      expect((await reply({ member: other, id })).status).toBe(404)
      expect(
        (await rest('POST', '/close-ticket', { token: other.token, body: { id } })).status,
      ).toBe(404)
      expect((await list(other)).json.total).toBe(0)
      expect((await list(other, { queue: true })).status).toBe(403)
    }
    const thread = await read(author, id)
    expect(thread.json.ticket).toMatchObject({ status: 'open' })
    expect(thread.json.ticket.messages).toHaveLength(1)
  })

  it('should serve a ticket’s files to its author and admins only', async () => {
    const { author, stranger, editor, admin } = await people()
    const opened = await openTicket({ member: author, files: [pngFile('mine.png')] })
    const id = opened.json.ticket.id
    await reply({ member: admin, id, files: [pngFile('answer.png')] })
    const messages: Message[] = (await read(author, id)).json.ticket.messages
    const [sent, answer] = messages.map((m) => fileName(m.attachments[0]))
    const statuses = async (filename: string) => ({
      guest: await fileStatus({ filename }),
      stranger: await fileStatus({ filename, token: stranger.token }),
      editor: await fileStatus({ filename, token: editor.token }),
      author: await fileStatus({ filename, token: author.token }),
      admin: await fileStatus({ filename, token: admin.token }),
    })
    const expected = { guest: 403, stranger: 403, editor: 403, author: 200, admin: 200 }
    expect(await statuses(sent)).toEqual(expected)
    expect(await statuses(answer)).toEqual(expected)
  })

  it('should show a stranger nothing through REST or GraphQL', async () => {
    const { author, stranger, admin } = await people()
    const opened = await openTicket({ member: author, files: [pngFile()] })
    const id = opened.json.ticket.id
    await reply({ member: admin, id })
    for (const path of [`/tickets/${id}`, `/tickets/${id}?depth=2`]) {
      expect((await rest('GET', path, { token: stranger.token })).status).toBe(404)
    }
    for (const path of [
      '/tickets',
      '/ticket-messages',
      `/ticket-messages?where[ticket][equals]=${id}`,
      '/attachments',
    ]) {
      const { json } = await rest('GET', path, { token: stranger.token })
      expect(json.docs, path).toEqual([])
    }
    const gql = await graphql(
      `
        {
          Tickets {
            docs {
              id
              subject
            }
          }
          TicketMessages {
            docs {
              id
              body
            }
          }
          Attachments {
            docs {
              id
            }
          }
        }
      `,
      { token: stranger.token },
    )
    expect(gql.json?.data).toEqual({
      Tickets: { docs: [] },
      TicketMessages: { docs: [] },
      Attachments: { docs: [] },
    })
    const one = await graphql(
      `
        query ($id: Int!) {
          Ticket(id: $id) {
            subject
          }
        }
      `,
      {
        token: stranger.token,
        variables: { id },
      },
    )
    expect(one.json?.data?.Ticket ?? null).toBeNull()
    // The author reads their own thread through REST too, support's reply included.
    const own = await rest('GET', `/tickets/${id}?depth=1`, { token: author.token })
    expect(own.status).toBe(200)
    expect(own.json.messages.docs).toHaveLength(2)
  })

  it('should let nobody but support write tickets or messages through REST or GraphQL', async () => {
    const { author, stranger } = await people()
    const { json } = await openTicket({ member: author })
    const id = json.ticket.id
    const attempts = [
      rest('POST', '/tickets', {
        token: author.token,
        body: { subject: 'x', author: author.user.id },
      }),
      rest('PATCH', `/tickets/${id}`, { token: author.token, body: { status: 'answered' } }),
      rest('DELETE', `/tickets/${id}`, { token: author.token }),
      rest('POST', '/ticket-messages', { token: author.token, body: { ticket: id, body: 'x' } }),
      rest('POST', '/ticket-messages', { token: stranger.token, body: { ticket: id, body: 'x' } }),
    ]
    for (const attempt of await Promise.all(attempts)) expect(attempt.status).toBe(403)
    const mutation = await graphql(
      `
        mutation ($id: Int!) {
          createTicketMessage(data: { ticket: $id, body: "x" }) {
            id
          }
        }
      `,
      { token: stranger.token, variables: { id } },
    )
    expect(mutation.json?.errors?.[0]?.message).toBeTruthy()
    const stored = await read(author, id)
    expect(stored.json.ticket).toMatchObject({ status: 'open' })
    expect(stored.json.ticket.messages).toHaveLength(1)
  })

  it('should tell a blocked user so, even on their own ticket', async () => {
    const { author } = await people()
    const { json } = await openTicket({ member: author })
    await payload.update({
      collection: 'users',
      id: author.user.id,
      data: { blocked: true },
      overrideAccess: true,
    })
    const { status, json: refusal } = await read(author, json.ticket.id)
    expect([status, refusal.message]).toEqual([402, 'You are blocked.'])
  })

  it('should answer bad ids with a clear 422 or a 404, never a 500', async () => {
    const { author } = await people()
    for (const id of ['abc', -1, 0, 1.5, 1e30, '1\u0000', null, [1], { id: 1 }, 2_147_483_647]) {
      const { status } = await read(author, id)
      expect([422, 404], JSON.stringify(id)).toContain(status)
    }
    expect((await reply({ member: author, id: 'x' })).status).toBe(422)
    expect((await list(author, { status: 'lost', page: 'two' })).status).toBe(422)
  })
})

describe('mails', () => {
  it('should tell the author in their own language and not mail them their own messages', async () => {
    const { author, admin } = await people()
    await payload.update({
      collection: 'users',
      id: author.user.id,
      data: { locale: 'en' },
      overrideAccess: true,
    })
    const { json } = await openTicket({ member: author })
    expect(await mailsTo(author.user.email)).toEqual([])
    await reply({ member: admin, id: json.ticket.id })
    const mail = await waitForMail({ to: author.user.email })
    expect(mail.subject).toContain('reply to your ticket')
    expect(mail.text).toContain(`/en/tickets/${json.ticket.id}`)
  })
})
