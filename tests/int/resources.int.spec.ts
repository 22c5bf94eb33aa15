import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createMember, createResource } from '../helpers/directory'
import { closePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(() => closePayload(payload))

const newResource = (overrides: Record<string, unknown> = {}) => ({
  type: 'shop',
  title: 'Лавка Пряностей',
  anons: 'Специи со всего света',
  links: [{ url: 'https://spices.example.com' }, { url: 'http://mirror.spices.example.com' }],
  country: 'RU',
  ...overrides,
})

describe('adding a resource', () => {
  it('should make the author its owner and keep it pending, whatever they send', async () => {
    const { user, token } = await createMember({ payload })
    const { status, json } = await rest('POST', '/resources', {
      body: newResource({ status: 'published', verified: true }),
      token,
    })
    expect(status).toBe(201)
    expect(json.doc).toMatchObject({ status: 'pending', verified: false, reviewCount: 0 })
    expect(json.doc.owner.id ?? json.doc.owner).toBe(user.id)
    expect(json.doc.slug).toMatch(/^lavka-pryanostej/)
    const author = await payload.findByID({ collection: 'users', id: user.id })
    expect(author.role).toBe('owner')
  })

  it('should keep slugs unique', async () => {
    const { token } = await createMember({ payload })
    const first = await rest('POST', '/resources', { body: newResource({ title: 'Twin' }), token })
    const second = await rest('POST', '/resources', { body: newResource({ title: 'Twin' }), token })
    expect(second.json.doc.slug).not.toBe(first.json.doc.slug)
  })

  it('should refuse a link that is not http or https', async () => {
    const { token } = await createMember({ payload })
    const { status } = await rest('POST', '/resources', {
      body: newResource({ links: [{ url: 'javascript:alert(1)' }] }),
      token,
    })
    expect(status).toBe(400)
  })

  it('should refuse a guest, an editor and an operator', async () => {
    const editor = await createMember({ payload, role: 'editor' })
    const operator = await createMember({ payload, role: 'storeOperator' })
    const answers = await Promise.all([
      rest('POST', '/resources', { body: newResource() }),
      rest('POST', '/resources', { body: newResource(), token: editor.token }),
      rest('POST', '/resources', { body: newResource(), token: operator.token }),
    ])
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403])
  })
})

describe('reading resources', () => {
  it('should show guests published resources only', async () => {
    const published = await createResource({ payload })
    const pending = await createResource({ payload, status: 'pending' })
    const { json } = await rest(
      'GET',
      `/resources?limit=100&where[id][in]=${published.id},${pending.id}`,
    )
    expect(json.docs.map((d: { id: number }) => d.id)).toEqual([published.id])
  })

  it('should show an owner their own pending resource', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const pending = await createResource({ payload, owner: owner.user.id, status: 'pending' })
    const { status } = await rest('GET', `/resources/${pending.id}`, { token: owner.token })
    expect(status).toBe(200)
  })
})

describe('editing resources', () => {
  it('should let the owner edit, but not publish, verify or rate their resource', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.user.id, status: 'pending' })
    const { status } = await rest('PATCH', `/resources/${resource.id}`, {
      body: { anons: 'Now with delivery', status: 'published', verified: true, ratingAverage: 5 },
      token: owner.token,
    })
    expect(status).toBe(200)
    expect(await payload.findByID({ collection: 'resources', id: resource.id })).toMatchObject({
      anons: 'Now with delivery',
      status: 'pending',
      verified: false,
      ratingAverage: 0,
    })
  })

  it('should let an operator edit the employer’s resources of the operator’s type only', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const operator = await createMember({
      payload,
      role: 'storeOperator',
      employer: owner.user.id,
    })
    const shop = await createResource({ payload, owner: owner.user.id, type: 'shop' })
    const forum = await createResource({ payload, owner: owner.user.id, type: 'forum' })
    const elsewhere = await createResource({ payload, type: 'shop' })
    const edit = (id: number) =>
      rest('PATCH', `/resources/${id}`, { body: { anons: 'Edited' }, token: operator.token })
    expect((await edit(shop.id)).status).toBe(200)
    expect((await edit(forum.id)).status).toBe(403)
    expect((await edit(elsewhere.id)).status).toBe(403)
  })

  it('should refuse a user editing someone else’s resource', async () => {
    const resource = await createResource({ payload })
    const { token } = await createMember({ payload })
    const { status } = await rest('PATCH', `/resources/${resource.id}`, {
      body: { anons: 'Hijacked' },
      token,
    })
    expect(status).toBe(403)
    const stranger = await createMember({ payload, role: 'owner' })
    const removed = await rest('DELETE', `/resources/${resource.id}`, { token: stranger.token })
    expect(removed.status).toBe(403)
  })

  it('should let an admin publish a resource', async () => {
    const admin = await createMember({ payload, role: 'admin' })
    const resource = await createResource({ payload, status: 'pending' })
    await rest('PATCH', `/resources/${resource.id}`, {
      body: { status: 'published', verified: true },
      token: admin.token,
    })
    expect(await payload.findByID({ collection: 'resources', id: resource.id })).toMatchObject({
      status: 'published',
      verified: true,
    })
  })
})
