import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LIMITS, RATE_LIMITS, UPLOAD_RULES } from '@/lib/limits'
import { PEER_ADDRESS_HEADER } from '@/lib/peerAddress'

import { createMember } from '../helpers/directory'
import { damagedPdfFile } from '../helpers/forms'
import { mailsTo, refuseMail, waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { fileStatus, graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
const russian = { 'Accept-Language': 'ru' }
const PNG = readFileSync(join(import.meta.dirname, '../fixtures/sample.png'))
/** Where the messages are told by default: support@ the host of NEXT_PUBLIC_SERVER_URL. */
const SITE_ADDRESS = `support@${new URL(process.env.NEXT_PUBLIC_SERVER_URL!).hostname}`

let counter = 0
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`

const validFields = () => ({
  name: 'Anna Petrova',
  email: `anna${unique()}@example.com`,
  subject: `Question ${unique()}`,
  message: 'Hello,\nhow do I verify my shop?',
})

const pngFile = (name = 'photo.png') => new File([PNG], name, { type: 'image/png' })

/** POST /add-contacts as form data: the fields, then each file under `attachments`. */
const send = ({
  fields = validFields(),
  files = [],
  token,
  headers = english,
}: {
  fields?: Record<string, string>
  files?: File[]
  token?: string
  headers?: Record<string, string>
} = {}) => {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  for (const file of files) body.append('attachments', file)
  return rest('POST', '/add-contacts', { body, token, headers })
}

const storedMessage = async (subject: string) =>
  (
    await payload.find({
      collection: 'contact-messages',
      where: { subject: { equals: subject } },
      depth: 1,
      overrideAccess: true,
    })
  ).docs[0]

describe('POST /add-contacts refusals', () => {
  it.each(['name', 'email', 'subject', 'message'])(
    'should refuse a message without %s, in both languages',
    async (field) => {
      const fields: Record<string, string> = validFields()
      delete fields[field]
      const [en, ru] = [await send({ fields }), await send({ fields, headers: russian })]
      expect([en.status, Object.keys(en.json.errors), en.json.errors[field][0]]).toEqual([
        422,
        [field],
        'This field is required.',
      ])
      expect([ru.status, ru.json.errors[field][0]]).toEqual([422, 'Обязательное поле.'])
    },
  )

  it.each([
    ['name', LIMITS.nameMax],
    ['subject', LIMITS.subjectMax],
    ['message', LIMITS.messageMax],
  ] as const)('should refuse a %s longer than %i characters', async (field, max) => {
    const atLimit = await send({ fields: { ...validFields(), [field]: 'x'.repeat(max) } })
    const fields = { ...validFields(), [field]: 'x'.repeat(max + 1) }
    const [en, ru] = [await send({ fields }), await send({ fields, headers: russian })]
    expect([atLimit.status, en.status, en.json.errors[field][0]]).toEqual([
      200,
      422,
      'The text is too long.',
    ])
    expect(ru.json.errors[field][0]).toBe('Слишком длинный текст.')
  })

  it('should refuse a blank field and a bad email', async () => {
    const { status, json } = await send({
      fields: { ...validFields(), subject: '   ', email: 'not-an-address' },
    })
    expect([status, json.errors]).toEqual([
      422,
      { email: ['Enter a valid email address.'], subject: ['This field is required.'] },
    ])
  })

  it('should refuse a file larger than the limit', async () => {
    const big = new Uint8Array(UPLOAD_RULES.attachment.maxBytes + 1)
    big.set(PNG)
    const { status, json } = await send({
      files: [new File([big], 'big.png', { type: 'image/png' })],
    })
    expect([status, json.errors.attachments]).toEqual([
      422,
      ['File size exceeds the maximum limit.'],
    ])
  })

  it('should refuse a file whose bytes are no allowed type, whatever its name says', async () => {
    const html = new File(['<html><script>alert(1)</script></html>'], 'photo.png', {
      type: 'image/png',
    })
    const [en, ru] = [
      await send({ files: [pngFile(), html] }),
      await send({ files: [html], headers: russian }),
    ]
    expect([en.status, en.json.errors.attachments]).toEqual([422, ['File type is not allowed.']])
    expect(ru.json.errors.attachments).toEqual(['Недопустимый тип файла.'])
  })

  it('should refuse a damaged PDF in the sender’s language', async () => {
    const [en, ru] = [
      await send({ files: [damagedPdfFile()] }),
      await send({ files: [damagedPdfFile()], headers: russian }),
    ]
    expect([en.status, en.json.errors.attachments, ru.json.errors.attachments]).toEqual([
      422,
      ['The PDF file is damaged or was not uploaded completely.'],
      ['Файл PDF повреждён или загружен не полностью.'],
    ])
  })

  it(`should refuse more than ${LIMITS.attachmentsMax} files`, async () => {
    const fields = validFields()
    const files = Array.from({ length: LIMITS.attachmentsMax + 1 }, (_, i) => pngFile(`${i}.png`))
    const { status, json } = await send({ fields, files })
    expect([status, json.errors.attachments]).toEqual([
      422,
      [`At most ${LIMITS.attachmentsMax} files can be attached.`],
    ])
    expect(await storedMessage(fields.subject)).toBeUndefined()
  })

  it('should tell a blocked user so', async () => {
    const { user, token } = await createMember({ payload })
    await payload.update({ collection: 'users', id: user.id, data: { blocked: true } })
    const { status, json } = await send({ token })
    expect([status, json.message]).toEqual([402, 'You are blocked.'])
  })

  it(`should refuse the ${RATE_LIMITS.contactPerAddress.points + 1}th message from one address within the hour`, async () => {
    const headers = { ...english, [PEER_ADDRESS_HEADER]: `203.0.113.${(Date.now() % 200) + 20}` }
    const statuses: number[] = []
    for (let i = 0; i <= RATE_LIMITS.contactPerAddress.points; i += 1) {
      statuses.push((await send({ headers })).status)
    }
    const last = await send({ headers })
    expect(statuses.slice(0, RATE_LIMITS.contactPerAddress.points)).toEqual(
      Array(RATE_LIMITS.contactPerAddress.points).fill(200),
    )
    expect([statuses.at(-1), last.status, last.json.message]).toEqual([
      429,
      429,
      'Too many attempts. Try again in a few minutes.',
    ])
  })
})

describe('reCAPTCHA on the contact form', () => {
  let server: Server

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const token = new URLSearchParams(body).get('response')
        response.writeHead(200, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ success: token === 'good-token' }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    process.env.RECAPTCHA_SECRET_KEY = 'test-secret'
    process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`
  })

  afterAll(async () => {
    delete process.env.RECAPTCHA_SECRET_KEY
    delete process.env.RECAPTCHA_VERIFY_URL
    await new Promise((resolve) => server.close(resolve))
  })

  it('should ask for the reCAPTCHA when none or a rejected one is sent', async () => {
    const none = await send()
    const bad = await send({ fields: { ...validFields(), captcha: 'bad-token' } })
    expect([none.status, none.json.errors, bad.json.errors]).toEqual([
      422,
      { captcha: ['Please complete the reCAPTCHA.'] },
      { captcha: ['Please complete the reCAPTCHA.'] },
    ])
  })

  it('should take a message whose reCAPTCHA the verify service confirms', async () => {
    const { status } = await send({ fields: { ...validFields(), captcha: 'good-token' } })
    expect(status).toBe(200)
  })
})

describe('a message sent', () => {
  it('should store it with its files and email the site a link to it', async () => {
    const fields = validFields()
    const { status, json } = await send({ fields, files: [pngFile('a.png'), pngFile('b.png')] })
    expect([status, json]).toEqual([200, { status: 200, sent: true }])
    const stored = await storedMessage(fields.subject)
    const attachments = (stored.attachments ?? []) as { mimeType: string; uploadedBy: unknown }[]
    expect({
      name: stored.name,
      email: stored.email,
      message: stored.message,
      locale: stored.locale,
      handled: stored.handled,
      sender: stored.sender ?? null,
      files: attachments.map((a) => [a.mimeType, a.uploadedBy ?? null]),
    }).toEqual({
      name: fields.name,
      email: fields.email,
      message: fields.message,
      locale: 'en',
      handled: false,
      sender: null,
      files: [
        ['image/png', null],
        ['image/png', null],
      ],
    })
    await waitForMail({ to: SITE_ADDRESS })
    const mail = (await mailsTo(SITE_ADDRESS)).find((m) => m.subject.includes(fields.subject))
    expect(mail?.text).toContain(fields.message)
    expect(mail?.text).toContain(fields.email)
    expect(mail?.text).toContain(`/admin/collections/contact-messages/${stored.id}`)
  })

  it('should keep the message and answer 200 while the mail server is down, and mail it once it is back', async () => {
    const fields = validFields()
    refuseMail({ down: true })
    try {
      const { status } = await send({ fields })
      expect([status, (await storedMessage(fields.subject))?.message]).toEqual([
        200,
        fields.message,
      ])
    } finally {
      refuseMail({ down: false })
    }
    await waitForMail({ to: SITE_ADDRESS })
    const told = (await mailsTo(SITE_ADDRESS)).filter((m) => m.subject.includes(fields.subject))
    expect(told).toHaveLength(1)
  })

  it('should record a signed-in sender and make them the files’ uploader', async () => {
    const { user, token } = await createMember({ payload })
    const fields = validFields()
    expect((await send({ fields, token, files: [pngFile()] })).status).toBe(200)
    const stored = await storedMessage(fields.subject)
    const [file] = stored.attachments as { uploadedBy: { id: number } | number }[]
    const uploader = typeof file.uploadedBy === 'object' ? file.uploadedBy.id : file.uploadedBy
    const sender = typeof stored.sender === 'object' ? stored.sender?.id : stored.sender
    expect([sender, uploader]).toEqual([user.id, user.id])
  })
})

describe('the other doors of contact messages and attachments', () => {
  /** GET /api/attachments/file/<name> as `token`'s holder: only the status matters. */
  const getFile = (filename: string, token?: string) => fileStatus({ filename, token })

  const FORBIDDEN = 'You are not allowed to perform this action.'
  const data = { name: 'X', email: 'x@example.com', subject: 'Sneaky', message: 'Hi' }

  it('should refuse to create a message through REST or GraphQL, for guests and users', async () => {
    const { token } = await createMember({ payload })
    const mutation = `mutation { createContactMessage(data: { name: "X", email: "x@example.com", subject: "Sneaky", message: "Hi" }) { id } }`
    const answers = [
      (await rest('POST', '/contact-messages', { body: data })).status,
      (await rest('POST', '/contact-messages', { body: data, token })).status,
      (await graphql(mutation, { headers: english })).json?.errors?.[0]?.message,
      (await graphql(mutation, { token, headers: english })).json?.errors?.[0]?.message,
    ]
    expect(answers).toEqual([403, 403, FORBIDDEN, FORBIDDEN])
    expect(
      (
        await payload.count({
          collection: 'contact-messages',
          where: { subject: { equals: 'Sneaky' } },
        })
      ).totalDocs,
    ).toBe(0)
  })

  it('should let only admins read the messages', async () => {
    const fields = validFields()
    await send({ fields })
    const stored = await storedMessage(fields.subject)
    const [user, editor, admin] = await Promise.all([
      createMember({ payload }),
      createMember({ payload, role: 'editor' }),
      createMember({ payload, role: 'admin' }),
    ])
    const read = async (token?: string) => [
      (await rest('GET', '/contact-messages', { token })).status,
      (await rest('GET', `/contact-messages/${stored.id}`, { token })).status,
    ]
    expect({
      guest: await read(),
      user: await read(user.token),
      editor: await read(editor.token),
      admin: await read(admin.token),
    }).toEqual({
      guest: [403, 403],
      user: [403, 403],
      editor: [403, 403],
      admin: [200, 200],
    })
  })

  it("should serve an attachment's file to its uploader and admins only", async () => {
    const [sender, other, editor, admin] = await Promise.all([
      createMember({ payload }),
      createMember({ payload }),
      createMember({ payload, role: 'editor' }),
      createMember({ payload, role: 'admin' }),
    ])
    const fields = validFields()
    await send({ fields, token: sender.token, files: [pngFile('private.png')] })
    const stored = await storedMessage(fields.subject)
    const [file] = stored.attachments as { filename: string }[]
    expect({
      guest: await getFile(file.filename),
      other: await getFile(file.filename, other.token),
      editor: await getFile(file.filename, editor.token),
      sender: await getFile(file.filename, sender.token),
      admin: await getFile(file.filename, admin.token),
    }).toEqual({ guest: 403, other: 403, editor: 403, sender: 200, admin: 200 })
  })
})
