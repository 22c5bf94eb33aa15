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
      { resource_id: kept.id, favorite: true, has_review: false, manages: false, staff: false },
      { resource_id: reviewed.id, favorite: false, has_review: true, manages: false, staff: false },
      { resource_id: other.id, favorite: false, has_review: false, manages: false, staff: false },
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
      {
        resource_id: resource.id,
        favorite: false,
        has_review: false,
        manages: false,
        staff: false,
      },
    ])
  })

  it('should say who manages a resource (its owner, operators of its type) and who works for its owner', async () => {
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
    const standing = async (token: string) => {
      const [relation] = (await relations([resource.id], token)).json.relations
      return [relation.manages, relation.staff]
    }
    // Staff (of any type) may not review their employer's resources: the page tells them so.
    expect({
      owner: await standing(owner.token),
      marketOperator: await standing(marketOperator.token),
      forumOperator: await standing(forumOperator.token),
      stranger: await standing(stranger.token),
    }).toEqual({
      owner: [true, false],
      marketOperator: [true, true],
      forumOperator: [false, true],
      stranger: [false, false],
    })
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
