import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

describe('favorites', () => {
  it('should add, list and remove a favorite; adding twice keeps one', async () => {
    const resource = await createResource({ payload, title: 'Kept one' })
    const { token } = await createMember({ payload })
    const add = () => rest('POST', '/add-favorite', { body: { resource_id: resource.id }, token })
    const [first, second] = await Promise.all([add(), add()])
    expect([first.status, second.status]).toEqual([200, 200])

    const listed = await rest('POST', '/get-user-favorites', { token })
    expect(listed.json.status).toBe(200)
    expect(listed.json.favorites).toHaveLength(1)
    expect(listed.json.favorites[0].resource).toMatchObject({
      id: resource.id,
      title: 'Kept one',
      path: `/resources/marketplaces/${resource.slug}`,
    })

    await rest('POST', '/remove-favorite', { body: { resource_id: resource.id }, token })
    const after = await rest('POST', '/get-user-favorites', { token })
    expect(after.json.favorites).toEqual([])
  })

  it('should keep each user’s favorites private', async () => {
    const resource = await createResource({ payload })
    const me = await createMember({ payload })
    const other = await createMember({ payload })
    await rest('POST', '/add-favorite', { body: { resource_id: resource.id }, token: me.token })
    const theirs = await rest('POST', '/get-user-favorites', { token: other.token })
    expect(theirs.json.favorites).toEqual([])
    const viaRest = await rest('GET', '/favorites?limit=100', { token: other.token })
    expect(viaRest.json.docs).toEqual([])
  })

  it('should ask a guest to sign in', async () => {
    const { status } = await rest('POST', '/get-user-favorites')
    expect(status).toBe(401)
  })

  it('should not keep a resource the user cannot see', async () => {
    const pending = await createResource({ payload, status: 'pending' })
    const { token } = await createMember({ payload })
    const { status } = await rest('POST', '/add-favorite', {
      body: { resource_id: pending.id },
      token,
    })
    expect(status).toBe(404)
  })
})
