import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createMember } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { fileResponse, fileStatus, rest } from '../helpers/restClient'

/**
 * Files on this machine's disk (S3_BUCKET unset), served by Payload's file route: the same
 * addresses, headers and refusals as from the bucket (tests/storage/s3.storage.spec.ts).
 */
let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const PNG = readFileSync(path.join(import.meta.dirname, '../fixtures/sample.png'))

describe('files on disk', () => {
  it('should serve a picture with a day of caching at its file route address', async () => {
    const { token } = await createMember({ payload })
    const form = new FormData()
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'disk-photo.png')
    form.append('_payload', JSON.stringify({ alt: 'On disk' }))
    const { json } = await rest('POST', '/media', { body: form, token })
    const response = await fileResponse({ collection: 'media', filename: json.doc.filename })
    await response.arrayBuffer()
    expect([
      json.doc.url,
      response.status,
      response.headers.get('content-type'),
      response.headers.get('cache-control'),
    ]).toEqual([
      `${process.env.NEXT_PUBLIC_SERVER_URL}/api/media/file/${json.doc.filename}`,
      200,
      'image/webp',
      'public, max-age=86400',
    ])
  })

  it('should answer 404, not 500, for a picture that does not exist', async () => {
    expect(await fileStatus({ collection: 'media', filename: 'no-such-picture.webp' })).toBe(404)
  })

  it('should serve an attachment to its uploader as a download kept by no cache', async () => {
    const { user, token } = await createMember({ payload })
    const attachment = await payload.create({
      collection: 'attachments',
      data: {},
      file: { data: PNG, mimetype: 'image/png', name: 'disk-proof.png', size: PNG.length },
      user,
    })
    const response = await fileResponse({ filename: attachment.filename!, token })
    const body = Buffer.from(await response.arrayBuffer())
    expect([
      response.status,
      response.headers.get('content-disposition'),
      response.headers.get('cache-control'),
      body.equals(PNG),
    ]).toEqual([200, 'attachment', 'private, no-store', true])
  })

  it('should answer 404, not 500, for an attachment that does not exist', async () => {
    const { token } = await createMember({ payload, role: 'admin' })
    expect(await fileStatus({ filename: 'no-such-proof.png', token })).toBe(404)
  })
})
