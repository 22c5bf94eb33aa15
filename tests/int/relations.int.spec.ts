import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LIMITS } from '@/lib/limits'

import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const relations = (ids: number[], token?: string) =>
  rest('GET', `/resource-relations?ids=${ids.join(',')}`, { token })

describe('resource relations', () => {
  it('should tell a member which resources they keep and have reviewed', async () => {
    const kept = await createResource({ payload })
    const reviewed = await createResource({ payload })
    const other = await createResource({ payload })
    const { token } = await createMember({ payload })
    await rest('POST', '/add-favorite', { body: { resource_id: kept.id }, token })
    await rest('POST', '/add-reviews', {
      body: { resource_id: reviewed.id, grade: 4, comment: 'Fine.', criteria: {} },
      token,
    })

    const { status, json } = await relations([kept.id, reviewed.id, other.id], token)
    expect(status).toBe(200)
    expect(json.relations).toEqual([
      { resource_id: kept.id, favorite: true, has_review: false, manages: false },
      { resource_id: reviewed.id, favorite: false, has_review: true, manages: false },
      { resource_id: other.id, favorite: false, has_review: false, manages: false },
    ])
  })

  it('should not show one member what another keeps or reviewed', async () => {
    const resource = await createResource({ payload })
    const me = await createMember({ payload })
    const other = await createMember({ payload })
    await rest('POST', '/add-favorite', { body: { resource_id: resource.id }, token: me.token })
    await rest('POST', '/add-reviews', {
      body: { resource_id: resource.id, grade: 5, comment: 'Good.', criteria: {} },
      token: me.token,
    })
    const { json } = await relations([resource.id], other.token)
    expect(json.relations).toEqual([
      { resource_id: resource.id, favorite: false, has_review: false, manages: false },
    ])
  })

  it('should say who manages a resource: its owner and operators of its type, not others', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const marketOperator = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: owner.user.id,
    })
    const forumOperator = await createMember({
      payload,
      role: 'forumOperator',
      employer: owner.user.id,
    })
    const stranger = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.user.id })
    const manages = async (token: string) =>
      (await relations([resource.id], token)).json.relations[0].manages
    expect(await manages(owner.token)).toBe(true)
    expect(await manages(marketOperator.token)).toBe(true)
    expect(await manages(forumOperator.token)).toBe(false)
    expect(await manages(stranger.token)).toBe(false)
  })

  it('should ask a guest to sign in', async () => {
    const resource = await createResource({ payload })
    expect((await relations([resource.id])).status).toBe(401)
  })

  it('should refuse a malformed or too long list of ids', async () => {
    const { token } = await createMember({ payload })
    const tooMany = Array.from({ length: LIMITS.relationIdsMax + 1 }, (_, i) => i + 1)
    for (const query of ['', '?ids=', '?ids=1,x', '?ids=1;DROP', `?ids=${tooMany.join(',')}`]) {
      const { status, json } = await rest('GET', `/resource-relations${query}`, { token })
      expect([query, status, typeof json.errors.ids[0]]).toEqual([query, 422, 'string'])
    }
  })
})
