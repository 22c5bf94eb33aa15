import { existsSync } from 'node:fs'
import path from 'node:path'

import { strFromU8, unzipSync } from 'fflate'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { deleteSpentDataExports } from '@/server/dataExport/retention'
import { DATA_EXPORT_TASK } from '@/server/dataExport/task'

import { createMember, createResource, unique } from '../helpers/directory'
import { PNG, formData, pngFile } from '../helpers/forms'
import { runJob } from '../helpers/jobs'
import { waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

type Member = Awaited<ReturnType<typeof createMember>>

const english = { 'Accept-Language': 'en' }

const ask = (member: Member | null) =>
  rest('POST', '/request-data-export', { token: member?.token, headers: english, body: {} })
const state = (member: Member | null) =>
  rest('GET', '/get-data-export', { token: member?.token, headers: english })

/** The archive's bytes as a download answers them. */
const download = async (member: Member | null, url: string) => {
  const request = new Request(`http://localhost:3000${url}`, {
    headers: { ...english, ...(member ? { Authorization: `JWT ${member.token}` } : {}) },
  })
  const { REST_GET } = await import('@payloadcms/next/routes')
  const config = (await import('@payload-config')).default
  const response = await REST_GET(config)(request, {
    params: Promise.resolve({ slug: ['download-data-export'] }),
  })
  return { status: response.status, headers: response.headers, bytes: await response.arrayBuffer() }
}

/** Builds the member's pending archive as the queue's runner would. */
const build = async (exportId: number) => {
  const { docs } = await payload.find({
    collection: 'payload-jobs',
    where: { taskSlug: { equals: DATA_EXPORT_TASK }, 'input.exportId': { equals: exportId } },
    overrideAccess: true,
    depth: 0,
  })
  expect(docs).toHaveLength(1)
  await runJob({ payload, id: docs[0].id })
}

const latestExport = async (member: Member) =>
  (
    await payload.find({
      collection: 'data-exports',
      where: { user: { equals: member.user.id } },
      sort: '-createdAt',
      limit: 1,
      overrideAccess: true,
      depth: 0,
    })
  ).docs[0]

/** A member with something in each part: a review, a favorite, a ticket with a picture, an avatar. */
const busyMember = async () => {
  const member = await createMember({ payload })
  const resource = await createResource({ payload })
  const comment = `Exported review ${unique()}`
  await payload.create({
    collection: 'reviews',
    data: { resource: resource.id, author: member.user.id, grade: 4, comment, status: 'published' },
    overrideAccess: true,
  })
  await payload.create({
    collection: 'favorites',
    data: { resource: resource.id, user: member.user.id },
    overrideAccess: true,
  })
  const subject = `Exported ticket ${unique()}`
  const ticket = await rest('POST', '/add-requests', {
    token: member.token,
    headers: english,
    body: formData({ subject, message: 'Please look at this.' }, [pngFile('screen.png')]),
  })
  expect(ticket.status, ticket.text).toBe(200)
  return { member, resource, comment, subject }
}

describe('download my data', () => {
  it('should build the archive in the queue, mail the member, and give it to them once', async () => {
    const { member, comment, subject } = await busyMember()
    expect((await state(member)).json).toMatchObject({ export: null })

    const asked = await ask(member)
    expect(asked.status, asked.text).toBe(200)
    expect(asked.json.export).toMatchObject({ state: 'pending', download_url: null })
    // Asked again while it is built: the same one.
    expect((await ask(member)).json.export.requested_at).toBe(asked.json.export.requested_at)

    const pending = await latestExport(member)
    await build(pending.id)
    const ready = (await state(member)).json.export
    expect(ready).toMatchObject({ state: 'ready', downloaded_at: null })
    expect(ready.size).toBeGreaterThan(PNG.length)
    expect(Date.parse(ready.expires_at) - Date.parse(ready.ready_at)).toBe(24 * 3_600_000)
    const mail = await waitForMail({ to: member.user.email })
    expect(mail.subject).toBe('Obzor: your data archive is ready')
    expect(mail.text).toContain('/en/profile/privacy')
    expect(mail.text).not.toContain(ready.download_url)

    const got = await download(member, ready.download_url)
    expect(got.status).toBe(200)
    expect(got.headers.get('content-type')).toBe('application/zip')
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="obzor-data-/)
    const files = unzipSync(new Uint8Array(got.bytes))
    const json = (name: string) => JSON.parse(strFromU8(files[name]))
    expect(strFromU8(files['README.txt'])).toContain(member.user.username)
    const account = json('account.json')
    expect(account.account).toMatchObject({
      id: member.user.id,
      email: member.user.email,
      username: member.user.username,
      profilePrivate: false,
    })
    expect(account.sessions.length).toBeGreaterThan(0)
    expect(json('reviews.json')).toEqual([expect.objectContaining({ comment, grade: 4 })])
    expect(json('favorites.json')).toHaveLength(1)
    const [ticket] = json('tickets.json')
    expect(ticket).toMatchObject({
      subject,
      messages: [{ from: 'you', body: 'Please look at this.' }],
    })
    const [attachment] = ticket.messages[0].attachments
    const picture = Object.keys(files).find((name) =>
      name.startsWith(`files/tickets/${ticket.id}/${attachment}-`),
    )
    expect(picture).toBeDefined()
    expect(Buffer.from(files[picture!]).equals(PNG)).toBe(true)
    // No secret of the account's in any file.
    const everything = Object.entries(files)
      .filter(([name]) => name.endsWith('.json'))
      .map(([, data]) => strFromU8(data))
      .join('\n')
    for (const secret of ['"hash"', '"salt"', 'totpSecret', 'resetPasswordToken', 'codeHash']) {
      expect(everything).not.toContain(secret)
    }

    // The link works once.
    expect((await download(member, ready.download_url)).status).toBe(404)
    expect((await state(member)).json.export).toMatchObject({
      state: 'downloaded',
      download_url: null,
    })
  })

  it('should give the archive to nobody else, through any door', async () => {
    const { member } = await busyMember()
    const stranger = await createMember({ payload })
    const admin = await createMember({ payload, role: 'admin' })
    await ask(member)
    const built = await latestExport(member)
    await build(built.id)
    const { download_url: url } = (await state(member)).json.export

    // Another member, an admin and a guest with the link: nothing, and the link is not spent.
    for (const someone of [stranger, admin]) {
      const got = await download(someone, url)
      expect(got.status).toBe(404)
      expect(JSON.parse(Buffer.from(got.bytes).toString()).message).toBe(
        'This download link has been used or has expired. Ask for a new archive on the privacy page.',
      )
    }
    expect((await download(null, url)).status).toBe(401)
    expect((await state(null)).status).toBe(401)
    expect((await ask(null)).status).toBe(401)
    expect((await state(stranger)).json.export).toBeNull()

    // Payload's own doors refuse archives to everyone, an admin included.
    const exported = await latestExport(member)
    for (const route of [
      '/data-exports',
      `/data-exports/${exported.id}`,
      `/data-exports/file/${exported.filename}`,
    ]) {
      const answer = await rest('GET', route, { token: admin.token })
      expect(answer.status, route).toBe(403)
      expect(answer.text).not.toContain(exported.token!)
    }
    expect(
      (await rest('PATCH', `/data-exports/${exported.id}`, { token: admin.token, body: {} }))
        .status,
    ).toBe(403)
    expect(
      (await rest('DELETE', `/data-exports/${exported.id}`, { token: admin.token })).status,
    ).toBe(403)
    const viaGraphql = await graphql('{ DataExports { docs { id token } } }', {
      token: admin.token,
    })
    expect(viaGraphql.json?.errors?.length ?? 0).toBeGreaterThan(0)

    expect((await download(member, url)).status).toBe(200)
  })

  it('should refuse a made-up, expired or malformed link with a 4xx', async () => {
    const { member } = await busyMember()
    await ask(member)
    const built = await latestExport(member)
    await build(built.id)
    const { download_url: url } = (await state(member)).json.export
    for (const bad of ['', 'x'.repeat(200), 'made-up', '%00', '%ff']) {
      const got = await download(member, `/api/download-data-export?token=${bad}`)
      expect(got.status, bad).toBeGreaterThanOrEqual(400)
      expect(got.status, bad).toBeLessThan(500)
    }
    await payload.update({
      collection: 'data-exports',
      id: built.id,
      data: { expiresAt: new Date(Date.now() - 1000).toISOString() },
      overrideAccess: true,
    })
    expect((await download(member, url)).status).toBe(404)
    expect((await state(member)).json.export).toMatchObject({
      state: 'expired',
      download_url: null,
    })
  })

  it('should remove spent and expired archives and their files in the hourly clean-up', async () => {
    const { member } = await busyMember()
    await ask(member)
    const built = await latestExport(member)
    await build(built.id)
    const ready = await latestExport(member)
    const file = path.resolve(
      payload.collections['data-exports'].config.upload.staticDir!,
      ready.filename!,
    )
    expect(existsSync(file)).toBe(true)
    await download(member, (await state(member)).json.export.download_url)
    expect(await deleteSpentDataExports(payload)).toBeGreaterThan(0)
    expect(existsSync(file)).toBe(false)
    expect((await state(member)).json.export).toBeNull()
  })

  it('should replace the previous archive when asked again, up to five a day', async () => {
    const { member } = await busyMember()
    const files: string[] = []
    for (let round = 0; round < 5; round += 1) {
      expect((await ask(member)).status).toBe(200)
      const built = await latestExport(member)
      await build(built.id)
      files.push((await latestExport(member)).filename!)
    }
    const { totalDocs } = await payload.count({
      collection: 'data-exports',
      where: { user: { equals: member.user.id } },
      overrideAccess: true,
    })
    expect(totalDocs).toBe(1)
    const folder = payload.collections['data-exports'].config.upload.staticDir!
    expect(files.slice(0, -1).some((name) => existsSync(path.resolve(folder, name)))).toBe(false)
    const sixth = await ask(member)
    expect(sixth.status).toBe(429)
    expect(sixth.json.message).toBe(
      'You have asked for your data too often today. Try again tomorrow.',
    )
  })
})
