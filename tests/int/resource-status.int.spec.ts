import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readListing } from '@/data/resources'

import { createMember, createResource, unique } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
type Member = Awaited<ReturnType<typeof createMember>>

let adminMember: Member
const admin = async () => (adminMember ??= await createMember({ payload, role: 'admin' }))

const resourceOf = (id: number) =>
  payload.findByID({ collection: 'resources', id, depth: 0, locale: 'en' })

const historyOf = async (resourceId: number) =>
  (
    await payload.find({
      collection: 'resource-status-changes',
      where: { resource: { equals: resourceId } },
      sort: '-createdAt',
      depth: 0,
      locale: 'en',
    })
  ).docs

/** A resource an owner has, and an operator of that owner who works on its type. */
const ownedResource = async () => {
  const owner = await createMember({ payload, role: 'owner' })
  const operator = await createMember({
    payload,
    role: 'marketplaceOperator',
    employer: owner.user.id,
  })
  const resource = await createResource({ payload, owner: owner.user.id, type: 'marketplace' })
  return { owner, operator, resource }
}

const markScam = (token: string, id: number, body: Record<string, unknown> = {}) =>
  rest('PATCH', `/resources/${id}`, {
    token,
    headers: english,
    body: { publicStatus: 'scam', publicStatusReason: 'Stopped paying out', ...body },
  })

describe('setting the public status', () => {
  it('should let an admin set it over REST with a reason, and keep its time and history', async () => {
    const { token } = await admin()
    const resource = await createResource({ payload })
    const { status, json } = await markScam(token, resource.id)
    expect(status, JSON.stringify(json)).toBe(200)
    const saved = await resourceOf(resource.id)
    expect(saved).toMatchObject({ publicStatus: 'scam', publicStatusReason: 'Stopped paying out' })
    expect(saved.publicStatusAt).toBeTruthy()
    const history = await historyOf(resource.id)
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ from: 'none', to: 'scam', reason: 'Stopped paying out' })
  })

  it('should refuse a new status without a reason, in the request language, changing nothing', async () => {
    const { token } = await admin()
    const resource = await createResource({ payload })
    const english = await markScam(token, resource.id, { publicStatusReason: '  ' })
    expect(english.status).toBe(400)
    expect(JSON.stringify(english.json)).toContain('Give the reason for the status')
    const russian = await rest('PATCH', `/resources/${resource.id}`, {
      token,
      headers: { 'Accept-Language': 'ru' },
      body: { publicStatus: 'warning' },
    })
    expect(russian.status).toBe(400)
    expect(JSON.stringify(russian.json)).toContain('Укажите причину статуса')
    expect((await resourceOf(resource.id)).publicStatus).toBe('none')
    expect(await historyOf(resource.id)).toEqual([])
  })

  it('should refuse a new status without a reason on the Local API too', async () => {
    const resource = await createResource({ payload })
    await expect(
      payload.update({
        collection: 'resources',
        id: resource.id,
        data: { publicStatus: 'closed' },
      }),
    ).rejects.toThrow()
    expect((await resourceOf(resource.id)).publicStatus).toBe('none')
  })

  it('should write one history row per change, none for unrelated saves', async () => {
    const { token } = await admin()
    const resource = await createResource({ payload })
    await rest('PATCH', `/resources/${resource.id}`, {
      token,
      headers: english,
      body: { publicStatus: 'warning', publicStatusReason: 'Slow payouts' },
    })
    await rest('PATCH', `/resources/${resource.id}`, {
      token,
      headers: english,
      body: { anons: 'Another summary' },
    })
    await markScam(token, resource.id)
    await rest('PATCH', `/resources/${resource.id}`, {
      token,
      headers: english,
      body: { verified: true },
    })
    const history = await historyOf(resource.id)
    expect(history.map((row) => [row.from, row.to, row.reason])).toEqual([
      ['warning', 'scam', 'Stopped paying out'],
      ['none', 'warning', 'Slow payouts'],
    ])
  })

  it('should leave it unchanged when an owner, operator, user or editor sends it over REST', async () => {
    const { owner, operator, resource } = await ownedResource()
    const user = await createMember({ payload })
    const editor = await createMember({ payload, role: 'editor' })
    for (const member of [owner, operator, user, editor]) {
      await markScam(member.token, resource.id)
    }
    expect((await resourceOf(resource.id)).publicStatus).toBe('none')
    expect(await historyOf(resource.id)).toEqual([])
  })

  it('should leave it unchanged when an owner or operator sends it over GraphQL', async () => {
    const { owner, operator, resource } = await ownedResource()
    for (const member of [owner, operator]) {
      await graphql(
        `
          mutation ($id: Int!) {
            updateResource(id: $id, data: { publicStatus: scam, publicStatusReason: "Bad" }) {
              id
            }
          }
        `,
        { token: member.token, variables: { id: resource.id } },
      )
    }
    expect((await resourceOf(resource.id)).publicStatus).toBe('none')
    expect(await historyOf(resource.id)).toEqual([])
  })

  it('should start with none when an owner creates a resource naming a status over REST', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const { json } = await rest('POST', '/resources', {
      token: owner.token,
      body: {
        type: 'shop',
        title: `Shop ${unique()}`,
        links: [{ url: 'https://example.com' }],
        publicStatus: 'scam',
        publicStatusReason: 'Competitor',
      },
    })
    expect(json.doc.publicStatus).toBe('none')
  })

  it('should leave it unchanged when an owner or operator saves the resource on the site', async () => {
    const { owner, operator, resource } = await ownedResource()
    for (const member of [owner, operator]) {
      const body = new FormData()
      const fields: Record<string, string> = {
        id: String(resource.id),
        type: 'marketplace',
        title_en: resource.title,
        links: JSON.stringify(['https://example.com']),
        publicStatus: 'scam',
        publicStatusReason: 'Competitor',
      }
      for (const [key, value] of Object.entries(fields)) body.append(key, value)
      await rest('POST', '/save-resource', { body, token: member.token, headers: english })
    }
    expect((await resourceOf(resource.id)).publicStatus).toBe('none')
    expect(await historyOf(resource.id)).toEqual([])
  })
})

describe('the status history', () => {
  it('should not be created, edited or deleted by anyone, admins included, on REST or GraphQL', async () => {
    const { token } = await admin()
    const resource = await createResource({ payload })
    await markScam(token, resource.id)
    const [row] = await historyOf(resource.id)
    const created = await rest('POST', '/resource-status-changes', {
      token,
      body: { resource: resource.id, from: 'none', to: 'warning' },
    })
    expect(created.status).toBe(403)
    const edited = await rest('PATCH', `/resource-status-changes/${row.id}`, {
      token,
      body: { reason: 'Edited' },
    })
    expect(edited.status).toBe(403)
    const deleted = await rest('DELETE', `/resource-status-changes/${row.id}`, { token })
    expect(deleted.status).toBe(403)
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          deleteResourceStatusChange(id: $id) {
            id
          }
        }
      `,
      { token, variables: { id: row.id } },
    )
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    expect(await historyOf(resource.id)).toHaveLength(1)
  })

  it('should show who changed it to admins only, and only published resources to the public', async () => {
    const { user: adminUser, token } = await admin()
    const published = await createResource({ payload })
    const pending = await createResource({ payload, status: 'pending' })
    await markScam(token, published.id)
    await markScam(token, pending.id)
    const asAdmin = await rest('GET', `/resource-status-changes?where[resource][equals]=${published.id}`, {
      token,
    })
    expect(asAdmin.json.docs[0].changedBy).toMatchObject({ id: adminUser.id })
    const member = await createMember({ payload })
    for (const viewer of [member.token, undefined]) {
      const shown = await rest(
        'GET',
        `/resource-status-changes?where[resource][in]=${published.id},${pending.id}&depth=0`,
        { token: viewer },
      )
      expect(shown.status).toBe(200)
      expect(shown.json.docs.map((row: { resource: number }) => row.resource)).toEqual([
        published.id,
      ])
      expect(shown.json.docs[0].changedBy).toBeUndefined()
    }
  })
})

describe('listings', () => {
  /** Each test's resources in a country of their own, apart from the other tests'. */
  const scamAndFine = async (country: string) => {
    const { token } = await admin()
    const fine = await createResource({ payload, type: 'exchanger', country })
    const scam = await createResource({ payload, type: 'exchanger', country })
    const closed = await createResource({ payload, type: 'exchanger', country })
    await markScam(token, scam.id)
    await rest('PATCH', `/resources/${closed.id}`, {
      token,
      headers: english,
      body: { publicStatus: 'closed', publicStatusReason: 'Shut down' },
    })
    return { fine, scam, closed, country }
  }

  it('should leave scam and closed resources out of the best rated', async () => {
    const { fine, scam, closed, country } = await scamAndFine('LI')
    const { resources } = await readListing({
      locale: 'en',
      type: 'exchanger',
      page: 1,
      sort: 'best',
      country,
    })
    const ids = resources.map((resource) => resource.id)
    expect(ids).toContain(fine.id)
    expect(ids).not.toContain(scam.id)
    expect(ids).not.toContain(closed.id)
  })

  it('should list only the resources of a status when filtered by it, with its label', async () => {
    const { scam, country } = await scamAndFine('MC')
    const { resources } = await readListing({
      locale: 'en',
      type: 'exchanger',
      page: 1,
      sort: 'best',
      country,
      status: 'scam',
    })
    expect(resources.map((resource) => [resource.id, resource.public_status])).toEqual([
      [scam.id, 'scam'],
    ])
  })
})
