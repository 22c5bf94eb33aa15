import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SERVER_SCRIPT, runQuietly } from '../../scripts/lib/run'
import { type S3Server, startS3Server } from '../helpers/s3Server'

// Payload reads S3_* when its config is imported: the store is started, and the app pointed at
// it, before anything that imports the config.
const BUCKET = 'obzor-test'
const s3: S3Server = await startS3Server({ bucket: BUCKET })
Object.assign(process.env, s3.env)
const { fileResponse, fileStatus, rest } = await import('../helpers/restClient')
const { closePayload, startPayload } = await import('../helpers/payload')
const { PASSWORD, createMember } = await import('../helpers/directory')

const PNG = readFileSync(path.join(import.meta.dirname, '../fixtures/sample.png'))

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(async () => {
  await closePayload(payload)
  await s3.close()
})

/** The object's bytes and type, read from the bucket as its operator would. */
const objectAt = async (key: string) => {
  const object = await s3.client.getObject({ Bucket: BUCKET, Key: key })
  return {
    body: Buffer.from(await object.Body!.transformToByteArray()),
    type: object.ContentType,
  }
}

/** The file route's answer, its body read. */
const served = async (options: Parameters<typeof fileResponse>[0]) => {
  const response = await fileResponse(options)
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    location: response.headers.get('location'),
    body: Buffer.from(await response.arrayBuffer()),
  }
}

const uploadPicture = async (token: string, name: string) => {
  const form = new FormData()
  form.append('file', new Blob([PNG], { type: 'image/png' }), name)
  form.append('_payload', JSON.stringify({ alt: name }))
  return rest('POST', '/media', { body: form, token })
}

type StoredFile = { filename: string; mimeType: string; url: string }
type StoredPicture = StoredFile & { id: number; sizes: Record<string, StoredFile> }

/** The picture's filenames: the original and each size sharp made. */
const filenamesOf = (doc: StoredPicture) => [
  doc.filename,
  ...Object.values(doc.sizes)
    .map((size) => size.filename)
    .filter(Boolean),
]

describe('media in the bucket', () => {
  let doc: StoredPicture

  beforeAll(async () => {
    const { token } = await createMember({ payload })
    const { status, json } = await uploadPicture(token, 'bucket-photo.png')
    expect(status).toBe(201)
    doc = json.doc
  })

  it('should store the picture and each of its sizes under the media prefix', async () => {
    expect(Object.keys(doc.sizes).length).toBeGreaterThan(1)
    expect(await s3.keys('media/')).toEqual(
      expect.arrayContaining(filenamesOf(doc).map((name) => `media/${name}`)),
    )
  })

  it('should give the same file route addresses as on disk', () => {
    const site = process.env.NEXT_PUBLIC_SERVER_URL
    expect([doc.url, doc.sizes.card.url]).toEqual([
      `${site}/api/media/file/${doc.filename}`,
      `${site}/api/media/file/${doc.sizes.card.filename}`,
    ])
  })

  it("should serve each file through the app with the object's bytes and type", async () => {
    for (const file of [doc, ...Object.values(doc.sizes).filter((size) => size.filename)]) {
      const answer = await served({ collection: 'media', filename: file.filename })
      const object = await objectAt(`media/${file.filename}`)
      expect({ ...answer, body: answer.body.equals(object.body) }).toEqual({
        status: 200,
        type: file.mimeType,
        cache: 'public, max-age=86400',
        location: null,
        body: true,
      })
      expect(object.type).toBe(file.mimeType)
    }
  })

  it('should answer 404, not 500, for a file the bucket does not hold', async () => {
    expect(await fileStatus({ collection: 'media', filename: 'no-such-picture.webp' })).toBe(404)
  })

  it('should remove the picture and its sizes from the bucket when the picture is deleted', async () => {
    const { token } = await createMember({ payload })
    const { json } = await uploadPicture(token, 'short-lived.png')
    const keys = filenamesOf(json.doc).map((name) => `media/${name}`)
    expect(await s3.keys('media/')).toEqual(expect.arrayContaining(keys))
    expect((await rest('DELETE', `/media/${json.doc.id}`, { token })).status).toBe(200)
    const left = await s3.keys('media/')
    expect(keys.filter((key) => left.includes(key))).toEqual([])
  })
})

describe('attachments in the bucket', () => {
  let filename: string
  let id: number
  let uploader: Awaited<ReturnType<typeof createMember>>
  let stranger: Awaited<ReturnType<typeof createMember>>

  beforeAll(async () => {
    ;[uploader, stranger] = await Promise.all([
      createMember({ payload }),
      createMember({ payload }),
    ])
    const attachment = await payload.create({
      collection: 'attachments',
      data: {},
      file: { data: PNG, mimetype: 'image/png', name: 'proof.png', size: PNG.length },
      user: uploader.user,
    })
    ;({ filename, id } = attachment as { filename: string; id: number })
  })

  it('should store the file under the attachments prefix', async () => {
    expect(await s3.keys('attachments/')).toContain(`attachments/${filename}`)
  })

  it('should serve the file to its uploader, as a download kept by no cache', async () => {
    const answer = await served({ filename, token: uploader.token })
    expect({ ...answer, body: answer.body.equals(PNG) }).toEqual({
      status: 200,
      type: 'image/png',
      cache: 'private, no-store',
      location: null,
      body: true,
    })
  })

  it('should refuse the file to a stranger and a guest at every door', async () => {
    const doors = async (token?: string) => [
      await fileStatus({ filename, token }),
      await fileStatus({ filename, token, search: '?prefix=attachments' }),
      // Another collection's file route does not reach into the attachments' keys.
      await fileStatus({ collection: 'media', filename, token }),
      await fileStatus({ collection: 'media', filename, token, search: '?prefix=attachments' }),
      await fileStatus({ collection: 'media', filename: `../attachments/${filename}`, token }),
      (await rest('GET', `/attachments/${id}`, { token })).status,
    ]
    expect({ stranger: await doors(stranger.token), guest: await doors() }).toEqual({
      // Payload answers a signed-in reader's request for a row its access filters out as "not
      // found".
      stranger: [403, 403, 404, 403, 403, 404],
      guest: [403, 403, 404, 403, 403, 403],
    })
  })

  it('should remove the file from the bucket when the attachment is deleted', async () => {
    const attachment = await payload.create({
      collection: 'attachments',
      data: {},
      file: { data: PNG, mimetype: 'image/png', name: 'gone.png', size: PNG.length },
      user: uploader.user,
    })
    expect(await s3.keys('attachments/')).toContain(`attachments/${attachment.filename}`)
    await payload.delete({ collection: 'attachments', id: attachment.id })
    expect(await s3.keys('attachments/')).not.toContain(`attachments/${attachment.filename}`)
  })
})

describe('a deleted account in the bucket', () => {
  it("should leave none of the member's files, avatar included", async () => {
    const member = await createMember({ payload })
    const attachment = await payload.create({
      collection: 'attachments',
      data: {},
      file: { data: PNG, mimetype: 'image/png', name: 'mine.png', size: PNG.length },
      user: member.user,
    })
    const avatar = (await uploadPicture(member.token, 'me.png')).json.doc as StoredPicture
    await payload.update({
      collection: 'users',
      id: member.user.id,
      data: { avatar: avatar.id },
      overrideAccess: true,
    })
    const keys = [
      `attachments/${attachment.filename}`,
      ...filenamesOf(avatar).map((name) => `media/${name}`),
    ]
    const stored = [...(await s3.keys('attachments/')), ...(await s3.keys('media/'))]
    expect(keys.filter((key) => !stored.includes(key))).toEqual([])

    const answer = await rest('POST', '/delete-account', {
      token: member.token,
      body: { password: PASSWORD },
    })
    expect(answer.status, answer.text).toBe(200)
    const left = [...(await s3.keys('attachments/')), ...(await s3.keys('media/'))]
    expect(keys.filter((key) => left.includes(key))).toEqual([])
  })
})

describe('data archives in the bucket', () => {
  it("should store a member's archive under the exports prefix, serve it once and remove it", async () => {
    const { runJob } = await import('../helpers/jobs')
    const { deleteSpentDataExports } = await import('@/server/dataExport/retention')
    const { REST_GET } = await import('@payloadcms/next/routes')
    const config = (await import('@payload-config')).default
    const member = await createMember({ payload })
    expect(
      (await rest('POST', '/request-data-export', { token: member.token, body: {} })).status,
    ).toBe(200)
    const [pending] = (
      await payload.find({
        collection: 'data-exports',
        where: { user: { equals: member.user.id } },
        overrideAccess: true,
      })
    ).docs
    const [job] = (
      await payload.find({
        collection: 'payload-jobs',
        where: { 'input.exportId': { equals: pending.id } },
        overrideAccess: true,
      })
    ).docs
    await runJob({ payload, id: job.id })
    const ready = await payload.findByID({
      collection: 'data-exports',
      id: pending.id,
      overrideAccess: true,
    })
    const key = `exports/${ready.filename}`
    expect(await s3.keys('exports/')).toContain(key)
    const response = await REST_GET(config)(
      new Request(`http://localhost:3000/api/download-data-export?token=${ready.token}`, {
        headers: { Authorization: `JWT ${member.token}` },
      }),
      { params: Promise.resolve({ slug: ['download-data-export'] }) },
    )
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer()).equals((await objectAt(key)).body)).toBe(true)
    await deleteSpentDataExports(payload)
    expect(await s3.keys('exports/')).not.toContain(key)
  })
})

describe('what the app tells of the bucket', () => {
  it('should never ask the store for a public object', () => {
    const writes = s3.requests.filter((request) => request.method === 'PUT')
    expect(writes.length).toBeGreaterThan(0)
    expect(writes.filter((request) => request.acl)).toEqual([])
  })

  it("should name neither the bucket's address nor its name in an answer", async () => {
    const { token, user } = await createMember({ payload, role: 'admin' })
    const answers = [
      (await rest('GET', '/media?limit=100', { token })).text,
      (await rest('GET', '/attachments?limit=100', { token })).text,
      (await rest('GET', `/users/${user.id}`, { token })).text,
    ].join('\n')
    expect([answers.includes(s3.endpoint), answers.includes(BUCKET)]).toEqual([false, false])
  })
})

// Each step starts a process that loads the app's config (and the AWS SDK): slow on a busy machine.
describe('npm run storage:copy', { timeout: 180_000 }, () => {
  /** The app's environment on disk: no bucket named. */
  const onDisk = () => {
    const env = { ...process.env }
    for (const name of Object.keys(env).filter((key) => key.startsWith('S3_'))) delete env[name]
    return env
  }

  const copy = () =>
    runQuietly({ command: 'node', args: [...SERVER_SCRIPT, 'scripts/storage-copy.ts'] })

  let local: { media: number; attachment: number }

  beforeAll(async () => {
    const uploaded = await runQuietly({
      command: 'node',
      args: [...SERVER_SCRIPT, 'tests/helpers/uploadLocally.ts'],
      env: onDisk(),
    })
    expect(uploaded.code, uploaded.output).toBe(0)
    local = JSON.parse(uploaded.output.trim().split('\n').at(-1)!)
  })

  const localFiles = async () => {
    const media = (await payload.findByID({ collection: 'media', id: local.media })) as never
    const attachment = await payload.findByID({ collection: 'attachments', id: local.attachment })
    return [
      ...filenamesOf(media).map((name) => ({
        key: `media/${name}`,
        file: path.join(process.env.MEDIA_DIR!, name),
      })),
      {
        key: `attachments/${attachment.filename}`,
        file: path.join(process.env.ATTACHMENTS_DIR!, attachment.filename!),
      },
    ]
  }

  it("should copy every file and size on disk into the bucket, under the app's keys", async () => {
    const files = await localFiles()
    expect(await s3.keys()).not.toEqual(expect.arrayContaining([files[0].key]))
    const { code, output } = await copy()
    expect(code, output).toBe(0)
    expect(output).toMatch(/media: [1-9]\d* copied, \d+ already in the bucket, 0 missing on disk/)
    expect(output).toMatch(/attachments: [1-9]\d* copied, \d+ already in the bucket, 0 missing/)
    for (const { key, file } of files) {
      expect((await objectAt(key)).body.equals(readFileSync(file)), key).toBe(true)
    }
  })

  it('should serve a copied picture through the app from the bucket', async () => {
    const [original] = await localFiles()
    const name = path.basename(original.file)
    const answer = await served({ collection: 'media', filename: name })
    expect([answer.status, answer.body.equals(readFileSync(original.file))]).toEqual([200, true])
  })

  it('should copy nothing the second time', async () => {
    const { code, output } = await copy()
    expect(code, output).toBe(0)
    expect(output).toMatch(/media: 0 copied, [1-9]\d* already in the bucket, 0 missing on disk/)
    expect(output).toMatch(/attachments: 0 copied, [1-9]\d* already in the bucket, 0 missing/)
  })
})
