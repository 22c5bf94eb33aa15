import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { UPLOAD_RULES } from '@/lib/limits'
import { seed } from '@/seed'
import { DEMO_PASSWORD } from '@/seed/users'
import type { User } from '@payload-types'

import { createMember } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload

const signIn = async (login: string) => {
  const { json } = await rest('POST', '/users/login', {
    body: { username: login, password: DEMO_PASSWORD },
  })
  return { token: json.token as string, user: json.user as User }
}

const upload = (
  token: string | undefined,
  file: Blob,
  filename: string,
  headers: Record<string, string> = {},
) => {
  const form = new FormData()
  form.append('file', file, filename)
  form.append('_payload', JSON.stringify({ alt: 'test' }))
  return rest('POST', '/media', { body: form, token, headers })
}

const samplePng = () =>
  new Blob([readFileSync(path.resolve(__dirname, '../fixtures/sample.png'))], { type: 'image/png' })

beforeAll(async () => {
  payload = await startPayload()
  await seed({ payload })
})

afterAll(releasePayload)

describe('admin panel', () => {
  it.each(['admin', 'editor'])('should open the admin to the %s', async (login) => {
    const { token } = await signIn(login)
    const { json } = await rest('GET', '/access', { token })
    expect(json.canAccessAdmin).toBe(true)
  })

  it.each(['owner', 'mp-operator', 'store-operator', 'forum-operator', 'user'])(
    'should keep the %s out of the admin',
    async (login) => {
      const { token } = await signIn(login)
      const { json } = await rest('GET', '/access', { token })
      // Payload leaves the flag out when access is refused.
      expect(json.canAccessAdmin ?? false).toBe(false)
    },
  )
})

// The tests that change an account change one of their own: the demo accounts are shared with the
// worker's other files, which sign in as them and read what the seed gave them.
describe('users', () => {
  it('should not let a user make themselves an admin', async () => {
    const { token, user } = await createMember({ payload })
    await rest('PATCH', `/users/${user.id}`, { token, body: { role: 'admin', blocked: false } })
    const saved = await payload.findByID({ collection: 'users', id: user.id })
    expect(saved.role).toBe('user')
  })

  it('should not let a user unblock or verify themselves', async () => {
    const { token, user } = await createMember({ payload, role: 'owner' })
    await payload.update({ collection: 'users', id: user.id, data: { status: 'unverified' } })
    await rest('PATCH', `/users/${user.id}`, { token, body: { status: 'verified' } })
    const saved = await payload.findByID({ collection: 'users', id: user.id })
    expect(saved.status).toBe('unverified')
  })

  it('should not show a user another account', async () => {
    const { token } = await signIn('user')
    const admin = await payload.find({
      collection: 'users',
      where: { username: { equals: 'admin' } },
    })
    const { status } = await rest('GET', `/users/${admin.docs[0].id}`, { token })
    expect(status).toBe(404)
  })

  it('should list only their own account to a user', async () => {
    const { token, user } = await signIn('user')
    const { json } = await rest('GET', '/users', { token })
    expect(json.docs.map((doc: User) => doc.id)).toEqual([user.id])
  })

  it('should not let a guest create an account through the collection API', async () => {
    const { status } = await rest('POST', '/users', {
      body: {
        username: 'intruder',
        email: 'intruder@example.com',
        password: 'secret123',
        displayName: 'Intruder',
      },
    })
    expect(status).toBe(403)
  })

  it('should let an admin change a role', async () => {
    const { token } = await signIn('admin')
    const { user: target } = await createMember({ payload })
    const { status, json } = await rest('PATCH', `/users/${target.id}`, {
      token,
      body: { role: 'owner' },
    })
    expect([status, json.doc.role]).toEqual([200, 'owner'])
  })

  it('should refuse a second account with a taken login', async () => {
    const attempt = payload.create({
      collection: 'users',
      data: {
        username: 'user',
        email: 'other@example.com',
        password: 'secret123',
        displayName: 'Other',
        role: 'user',
        status: 'unverified',
        twoFactor: 'none',
        authProvider: 'email',
      },
    })
    await expect(attempt).rejects.toThrow()
  })
})

describe('media', () => {
  it('should not let a guest upload', async () => {
    const { status } = await upload(undefined, samplePng(), 'guest.png')
    expect(status).toBe(403)
  })

  it('should store an image with its resized versions', async () => {
    const { token } = await signIn('user')
    const { status, json } = await upload(token, samplePng(), 'photo.png')
    expect(status).toBe(201)
    expect(json.doc.sizes.thumbnail.width).toBe(160)
    expect(json.doc.sizes.card.width).toBe(480)
  })

  it('should refuse a file that only pretends to be an image', async () => {
    const { token } = await signIn('user')
    const fake = new Blob(['#!/bin/sh\necho not an image\n'], { type: 'image/png' })
    const { status, json } = await upload(token, fake, 'fake.png')
    expect([status, json.errors[0].data.errors[0].message]).toEqual([
      400,
      'Недопустимый тип файла.',
    ])
  })

  it('should refuse a disallowed type in the language the visitor reads', async () => {
    const { token } = await signIn('user')
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' })
    const { json } = await upload(token, svg, 'logo.svg', { 'Accept-Language': 'en-GB,en;q=0.9' })
    expect(json.errors[0].data.errors[0].message).toBe('File type is not allowed.')
  })

  it('should refuse a file over the size limit', async () => {
    const { token } = await signIn('user')
    const huge = new Blob([new Uint8Array(UPLOAD_RULES.image.maxBytes + 1024)], {
      type: 'image/png',
    })
    const { status, json } = await upload(token, huge, 'huge.png')
    expect([status, json.errors[0].message]).toEqual([413, 'File size exceeds the maximum limit.'])
  })

  it('should not let a user delete a file someone else uploaded', async () => {
    const owner = await signIn('owner')
    const { json } = await upload(owner.token, samplePng(), 'owners.png')
    const { token } = await signIn('user')
    await rest('DELETE', `/media/${json.doc.id}`, { token })
    const stillThere = await payload.count({
      collection: 'media',
      where: { id: { equals: json.doc.id } },
    })
    expect(stillThere.totalDocs).toBe(1)
  })
})
