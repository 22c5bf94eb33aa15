import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { mailTransport } from '@/server/email'

import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload
let outboxDir: string

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

beforeEach(() => {
  outboxDir = mkdtempSync(path.join(tmpdir(), 'obzor-outbox-'))
  vi.stubEnv('DEV_OUTBOX_DIR', outboxDir)
  vi.stubEnv('SMTP_HOST', '')
})

afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(outboxDir, { recursive: true, force: true })
})

/** The transport the config would choose now, with a logger whose lines the test reads. */
const startAdapter = async () => {
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const adapter = (await mailTransport())({ payload: { ...payload, logger } as unknown as Payload })
  const logged = () =>
    [...logger.info.mock.calls, ...logger.warn.mock.calls, ...logger.error.mock.calls]
      .map(([line]) => String(line))
      .join('\n')
  return { adapter, logged }
}

describe('development outbox', () => {
  it('should print the whole message to the log', async () => {
    const { adapter, logged } = await startAdapter()
    await adapter.sendEmail({ to: 'new@example.com', subject: 'Your code', text: 'Code: 482913' })
    expect(logged()).toMatch(/To: new@example\.com[\s\S]*Subject: Your code[\s\S]*Code: 482913/)
  })

  it('should list the kept messages newest first, filtered by recipient', async () => {
    const { adapter } = await startAdapter()
    await adapter.sendEmail({ to: 'a@example.com', subject: 'first', text: 'one' })
    await adapter.sendEmail({ to: 'b@example.com', subject: 'other', text: 'two' })
    await adapter.sendEmail({ to: [{ address: 'A@example.com' }], subject: 'second', text: 'x' })
    const { status, json } = await rest('GET', '/dev/outbox?to=a@example.com')
    expect([status, json.messages.map((m: { subject: string }) => m.subject)]).toEqual([
      200,
      ['second', 'first'],
    ])
  })

  it('should give every field of a message', async () => {
    const { adapter } = await startAdapter()
    await adapter.sendEmail({
      to: 'c@example.com',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
    })
    const { json } = await rest('GET', '/dev/outbox')
    expect(json.messages[0]).toMatchObject({
      to: 'c@example.com',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
  })

  it('should give an HTML-only message a text with its link', async () => {
    const { adapter } = await startAdapter()
    const link = 'http://localhost:3000/password-reset/abc123'
    await adapter.sendEmail({
      to: 'd@example.com',
      subject: 'Reset',
      html: `<p>Reset it here:</p><p><a href="${link}">${link}</a></p><p>Or ignore &#39;this&#39;.</p>`,
    })
    const { json } = await rest('GET', '/dev/outbox?to=d@example.com')
    expect(json.messages[0].text).toBe(`Reset it here:\n${link}\nOr ignore 'this'.`)
  })

  it('should keep the outbox across adapters, as across restarts and processes', async () => {
    await (await startAdapter()).adapter.sendEmail({ to: 'e@example.com', subject: 'one' })
    await (await startAdapter()).adapter.sendEmail({ to: 'e@example.com', subject: 'two' })
    const { json } = await rest('GET', '/dev/outbox?to=e@example.com')
    expect(json.messages).toHaveLength(2)
  })

  it('should not answer in production', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const { status } = await rest('GET', '/dev/outbox')
    expect(status).toBe(404)
  })
})

describe('production without SMTP', () => {
  it('should warn at start and log each message as not sent, without its text', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const { adapter, logged } = await startAdapter()
    await adapter.sendEmail({ to: 'f@example.com', subject: 'Code', text: 'secret 123456' })
    expect([logged().includes('SMTP_HOST is not set'), logged().includes('123456')]).toEqual([
      true,
      false,
    ])
  })
})
