import { type Payload, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LIMITS } from '@/lib/limits'
import { CACHE_TAGS } from '@/server/cacheTags'
import { expiredTagsOf } from '@/server/publicCache'

import { createMember, createResource } from '../helpers/directory'
import { disguisedFile, formData, pngFile } from '../helpers/forms'
import { mailsTo, waitForMail } from '../helpers/mailbox'
import { everyPage } from '../helpers/pages'
import { releasePayload, startPayload } from '../helpers/payload'
import { fileStatus, graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

type Member = Awaited<ReturnType<typeof createMember>>
type RequestView = { id: number; status: string; attachments: { url: string }[] }

/** An owner with a shop and a forum, a store operator and a forum operator working for them. */
const ownerWithStaff = async () => {
  const owner = await createMember({ payload, role: 'owner' })
  const [storeOperator, forumOperator] = await Promise.all([
    createMember({ payload, role: 'storeOperator', employer: owner.user.id }),
    createMember({ payload, role: 'forumOperator', employer: owner.user.id }),
  ])
  const [shop, forum] = await Promise.all([
    createResource({ payload, owner: owner.user.id, type: 'shop' }),
    createResource({ payload, owner: owner.user.id, type: 'forum' }),
  ])
  return { owner, storeOperator, forumOperator, shop, forum }
}

const admin = () => createMember({ payload, role: 'admin' })

const send = ({
  member,
  resourceId,
  message = 'We are the registered company behind this shop; our papers are attached.',
  files = [pngFile('registration.png')],
}: {
  member: Member
  resourceId: unknown
  message?: string
  files?: File[]
}) =>
  rest('POST', '/add-request-for-verification', {
    token: member.token,
    headers: english,
    body: formData({ resource_id: String(resourceId), message }, files),
  })

const decide = (member: Member, body: Record<string, unknown>) =>
  rest('POST', '/decide-request', { token: member.token, headers: english, body })

const mine = (member: Member, body: Record<string, unknown> = {}) =>
  rest('POST', '/get-my-requests', { token: member.token, headers: english, body })

const queue = (member: Member, body: Record<string, unknown> = {}) =>
  rest('POST', '/get-all-requests', { token: member.token, headers: english, body })

const verifiedOf = async (resourceId: number) =>
  (await payload.findByID({ collection: 'resources', id: resourceId, depth: 0 })).verified

const fileName = (url: string) => decodeURIComponent(url.split('/').pop()!)

describe('POST /add-request-for-verification', () => {
  it('should take an owner’s request for their resource, with its files', async () => {
    const { owner, shop } = await ownerWithStaff()
    const { status, json } = await send({ member: owner, resourceId: shop.id })
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.request).toMatchObject({
      status: 'sent',
      answer: null,
      decided_at: null,
      requester: { id: owner.user.id },
      resource: { id: shop.id, type: 'shop', verified: false },
      attachments: [{ mime_type: 'image/png' }],
      history: [{ status: 'sent', by: { id: owner.user.id } }],
    })
  })

  it('should take a request from an operator of the resource’s type, and refuse one of another type', async () => {
    const { owner, storeOperator, forumOperator, shop, forum } = await ownerWithStaff()
    const wrongType = await send({ member: forumOperator, resourceId: shop.id })
    expect([wrongType.status, wrongType.json.errors]).toEqual([
      422,
      { resource_id: ['Choose one of your resources.'] },
    ])
    const sent = await send({ member: storeOperator, resourceId: shop.id })
    expect(sent.status, JSON.stringify(sent.json)).toBe(200)
    expect((await send({ member: forumOperator, resourceId: forum.id })).status).toBe(200)
    // The owner sees both requests on their resources; each operator only those of their type.
    const ids = (r: { json: { requests: RequestView[] } }) => r.json.requests.map((x) => x.id)
    expect(ids(await mine(owner))).toHaveLength(2)
    expect(ids(await mine(storeOperator))).toEqual([sent.json.request.id])
    // The owner reads the operator's files; the other operator does not.
    const file = fileName(sent.json.request.attachments[0].url)
    expect(await fileStatus({ filename: file, token: owner.token })).toBe(200)
    expect(await fileStatus({ filename: file, token: storeOperator.token })).toBe(200)
    expect(await fileStatus({ filename: file, token: forumOperator.token })).toBe(403)
  })

  it('should refuse another owner’s resource, a plain user and a guest', async () => {
    const { shop } = await ownerWithStaff()
    const stranger = await createMember({ payload, role: 'owner' })
    const user = await createMember({ payload })
    for (const member of [stranger, user]) {
      const { status, json } = await send({ member, resourceId: shop.id })
      expect([status, json.errors]).toEqual([
        422,
        { resource_id: ['Choose one of your resources.'] },
      ])
    }
    const guest = await rest('POST', '/add-request-for-verification', {
      body: formData({ resource_id: shop.id, message: 'x' }, [pngFile()]),
    })
    expect(guest.status).toBe(401)
    expect((await mine(stranger)).json.total).toBe(0)
  })

  it('should require a message and at least one file, and apply the file rules', async () => {
    const { owner, shop } = await ownerWithStaff()
    const cases: [Parameters<typeof send>[0], Record<string, string[]>][] = [
      [
        { member: owner, resourceId: shop.id, message: '  ' },
        { message: ['This field is required.'] },
      ],
      [
        { member: owner, resourceId: shop.id, files: [] },
        { attachments: ['Attach at least one file.'] },
      ],
      [
        { member: owner, resourceId: shop.id, files: [disguisedFile()] },
        { attachments: ['File type is not allowed.'] },
      ],
      [
        {
          member: owner,
          resourceId: shop.id,
          files: Array.from({ length: LIMITS.attachmentsMax + 1 }, () => pngFile()),
        },
        { attachments: [`At most ${LIMITS.attachmentsMax} files can be attached.`] },
      ],
      [
        { member: owner, resourceId: 'shop' },
        { resource_id: ['A record id must be a whole number.'] },
      ],
    ]
    for (const [input, errors] of cases) {
      const { status, json } = await send(input)
      expect([status, json.errors], JSON.stringify(errors)).toEqual([422, errors])
    }
    expect((await mine(owner)).json.total).toBe(0)
  })

  it('should keep one waiting request per resource, and none for a verified one', async () => {
    const { owner, storeOperator, shop } = await ownerWithStaff()
    const reviewer = await admin()
    const first = await send({ member: owner, resourceId: shop.id })
    const pending = ['A verification request for this resource is already being handled.']
    const twice = await send({ member: storeOperator, resourceId: shop.id })
    expect([twice.status, twice.json.errors]).toEqual([422, { resource_id: pending }])
    await decide(reviewer, {
      id: first.json.request.id,
      decision: 'reject',
      answer: 'Unreadable scan.',
    })
    const retry = await send({ member: owner, resourceId: shop.id })
    expect(retry.status).toBe(200)
    await decide(reviewer, { id: retry.json.request.id, decision: 'approve' })
    const verified = await send({ member: owner, resourceId: shop.id })
    expect([verified.status, verified.json.errors]).toEqual([
      422,
      { resource_id: ['This resource is already verified.'] },
    ])
  })

  it('should let two requests race on a fresh resource and keep exactly one', async () => {
    const { owner, shop } = await ownerWithStaff()
    const raced = await Promise.all(
      [1, 2, 3].map(() => send({ member: owner, resourceId: shop.id })),
    )
    expect(raced.map((r) => r.status).sort()).toEqual([200, 422, 422])
    expect((await mine(owner)).json.total).toBe(1)
  })
})

describe('the moderation queue', () => {
  it('should be for admins only', async () => {
    const { owner, storeOperator } = await ownerWithStaff()
    const [user, editor] = await Promise.all([
      createMember({ payload }),
      createMember({ payload, role: 'editor' }),
    ])
    for (const member of [owner, storeOperator, user, editor]) {
      expect((await queue(member)).status).toBe(403)
      expect((await decide(member, { id: 1, decision: 'approve' })).status).toBe(403)
      expect(
        (await rest('POST', '/delete-request', { token: member.token, body: { id: 1 } })).status,
      ).toBe(403)
    }
    expect((await rest('POST', '/get-all-requests', { body: {} })).status).toBe(401)
  })

  it('should filter by state and type, the longest waiting first, ten a page', async () => {
    const reviewer = await admin()
    const { owner, shop, forum } = await ownerWithStaff()
    const shopRequest = (await send({ member: owner, resourceId: shop.id })).json.request.id
    const forumRequest = (await send({ member: owner, resourceId: forum.id })).json.request.id
    // The longest waiting first: the test's requests may be on any page.
    const every = (body: Record<string, unknown>) =>
      everyPage<RequestView & { resource: { type: string } }>(async (page) => {
        const { json } = await queue(reviewer, { ...body, page })
        return { items: json.requests, pages: json.total_pages }
      })
    const all = (await every({ status: 'sent' })).map((r) => r.id)
    expect(all.filter((id) => [shopRequest, forumRequest].includes(id))).toEqual([
      shopRequest,
      forumRequest,
    ])
    const forums = await every({ status: 'sent', type: 'forum' })
    expect(forums.every((r) => r.resource.type === 'forum')).toBe(true)
    expect(forums.map((r) => r.id)).toContain(forumRequest)
    expect(forums.map((r) => r.id)).not.toContain(shopRequest)
    const first = await queue(reviewer)
    expect(first.json.requests.length).toBeLessThanOrEqual(10)
    expect((await queue(reviewer, { status: 'lost' })).status).toBe(422)
    expect((await queue(reviewer, { type: 'casino' })).status).toBe(422)
  })

  it('should take a request sent → awaitingReview → approved, badge the resource and tell the owner', async () => {
    const reviewer = await admin()
    const { owner, storeOperator, shop } = await ownerWithStaff()
    const { json } = await send({ member: storeOperator, resourceId: shop.id })
    const id = json.request.id
    const review = await decide(reviewer, { id, decision: 'review' })
    expect(review.json.request.status).toBe('awaitingReview')
    expect(await verifiedOf(shop.id)).toBe(false)
    expect(await mailsTo(owner.user.email)).toEqual([])

    const approved = await decide(reviewer, { id, decision: 'approve' })
    expect(approved.status, JSON.stringify(approved.json)).toBe(200)
    expect(approved.json.request).toMatchObject({
      status: 'approved',
      decided_by: { id: reviewer.user.id },
      resource: { id: shop.id, verified: true },
    })
    expect(approved.json.request.decided_at).toBeTruthy()
    expect(approved.json.request.history.map((h: { status: string }) => h.status)).toEqual([
      'sent',
      'awaitingReview',
      'approved',
    ])
    expect(await verifiedOf(shop.id)).toBe(true)
    const published = await rest('GET', `/resources/${shop.id}`)
    expect(published.json.verified).toBe(true)
    for (const member of [owner, storeOperator]) {
      const mail = await waitForMail({ to: member.user.email })
      expect(mail.subject).toContain(shop.title)
      expect(mail.text).toContain('/resource-check')
    }
  })

  it('should reject with a reason the owner reads, and revoke an approval', async () => {
    const reviewer = await admin()
    const { owner, shop } = await ownerWithStaff()
    const id = (await send({ member: owner, resourceId: shop.id })).json.request.id
    const noReason = await decide(reviewer, { id, decision: 'reject', answer: '   ' })
    expect([noReason.status, noReason.json.errors]).toEqual([
      422,
      { answer: ['This field is required.'] },
    ])
    const rejected = await decide(reviewer, {
      id,
      decision: 'reject',
      answer: 'The scan is unreadable.',
    })
    expect(rejected.json.request).toMatchObject({
      status: 'rejected',
      answer: 'The scan is unreadable.',
    })
    expect((await waitForMail({ to: owner.user.email })).text).toContain('The scan is unreadable.')
    const [seen] = (await mine(owner)).json.requests
    expect(seen).toMatchObject({ id, status: 'rejected', answer: 'The scan is unreadable.' })
    // A decided request takes no other decision but what its state allows.
    for (const decision of ['approve', 'review', 'revoke']) {
      const { status, json } = await decide(reviewer, { id, decision, answer: 'x' })
      expect([status, json.errors], decision).toEqual([
        422,
        { decision: ['This decision cannot be taken on the request in its current state.'] },
      ])
    }

    const second = (await send({ member: owner, resourceId: shop.id })).json.request.id
    await decide(reviewer, { id: second, decision: 'approve' })
    expect(await verifiedOf(shop.id)).toBe(true)
    expect((await decide(reviewer, { id: second, decision: 'revoke' })).status).toBe(422)
    const revoked = await decide(reviewer, {
      id: second,
      decision: 'revoke',
      answer: 'Forged papers.',
    })
    expect(revoked.json.request).toMatchObject({ status: 'revoked', resource: { verified: false } })
    expect(await verifiedOf(shop.id)).toBe(false)
  })

  it('should delete a request and keep the resource as it is', async () => {
    const reviewer = await admin()
    const { owner, shop } = await ownerWithStaff()
    const id = (await send({ member: owner, resourceId: shop.id })).json.request.id
    await decide(reviewer, { id, decision: 'approve' })
    const deleted = await rest('POST', '/delete-request', { token: reviewer.token, body: { id } })
    expect(deleted.json).toMatchObject({ deleted: true })
    expect(await verifiedOf(shop.id)).toBe(true)
    expect((await mine(owner)).json.total).toBe(0)
    const again = await rest('POST', '/delete-request', { token: reviewer.token, body: { id } })
    expect(again.status).toBe(404)
    expect((await decide(reviewer, { id, decision: 'approve' })).status).toBe(404)
  })

  it('should hold everything that needs a decision in the waiting queue, the longest waiting first', async () => {
    const reviewer = await admin()
    const { owner, shop, forum } = await ownerWithStaff()
    const other = await ownerWithStaff()
    const taken = (await send({ member: owner, resourceId: shop.id })).json.request.id
    const fresh = (await send({ member: owner, resourceId: forum.id })).json.request.id
    const decided = (await send({ member: other.owner, resourceId: other.shop.id })).json.request.id
    await decide(reviewer, { id: taken, decision: 'review' })
    await decide(reviewer, { id: decided, decision: 'approve' })
    const waiting: RequestView[] = []
    for (let page = 1; ; page += 1) {
      const { status, json } = await queue(reviewer, { status: 'waiting', page })
      expect(status, JSON.stringify(json)).toBe(200)
      waiting.push(...json.requests)
      if (page >= json.total_pages) break
    }
    expect(new Set(waiting.map((r) => r.status))).toEqual(new Set(['sent', 'awaitingReview']))
    expect(waiting.map((r) => r.id).filter((id) => [taken, fresh, decided].includes(id))).toEqual([
      taken,
      fresh,
    ])
    const waitingTotal = await payload.count({
      collection: 'verification-requests',
      where: { status: { in: ['sent', 'awaitingReview'] } },
    })
    expect(waiting).toHaveLength(waitingTotal.totalDocs)
    // The owner's own list knows no such filter.
    expect((await mine(owner, { status: 'waiting' })).status).toBe(422)
  })

  it('should approve with an optional note that the owner reads and is mailed', async () => {
    const reviewer = await admin()
    const { owner, shop, forum } = await ownerWithStaff()
    const id = (await send({ member: owner, resourceId: shop.id })).json.request.id
    const note = 'Approved. Please add your company number to the shop page.'
    const approved = await decide(reviewer, { id, decision: 'approve', answer: ` ${note} ` })
    expect(approved.status, JSON.stringify(approved.json)).toBe(200)
    expect(approved.json.request).toMatchObject({ status: 'approved', answer: note })
    const seen = (await mine(owner)).json.requests.find((r: RequestView) => r.id === id)
    expect(seen).toMatchObject({ status: 'approved', answer: note })
    expect(seen.history.at(-1)).toMatchObject({ status: 'approved', answer: note })
    const mail = await waitForMail({ to: owner.user.email })
    expect(mail.text).toContain(note)
    // Without a note the approval says nothing more.
    const plain = (await send({ member: owner, resourceId: forum.id })).json.request.id
    const quiet = await decide(reviewer, { id: plain, decision: 'approve' })
    expect(quiet.json.request).toMatchObject({ status: 'approved', answer: null })
  })

  it('should answer bad ids and decisions with a clear 422, never a 500', async () => {
    const reviewer = await admin()
    for (const body of [
      { id: 'abc', decision: 'approve' },
      { id: 1e30, decision: 'approve' },
      { id: '1\u0000', decision: 'approve' },
      { id: 1, decision: 'bless' },
      { id: 1, decision: 'reject', answer: 'x'.repeat(LIMITS.messageMax + 1) },
    ]) {
      expect((await decide(reviewer, body)).status, JSON.stringify(body)).toBe(422)
    }
  })
})

describe('the other doors of verification requests', () => {
  it('should let nobody but admins write a request through REST or GraphQL', async () => {
    const { owner, shop } = await ownerWithStaff()
    const id = (await send({ member: owner, resourceId: shop.id })).json.request.id
    const attempts = await Promise.all([
      rest('POST', '/verification-requests', {
        token: owner.token,
        body: { resource: shop.id, message: 'x', attachments: [] },
      }),
      rest('PATCH', `/verification-requests/${id}`, {
        token: owner.token,
        body: { status: 'approved' },
      }),
      rest('DELETE', `/verification-requests/${id}`, { token: owner.token }),
      rest('PATCH', `/resources/${shop.id}`, { token: owner.token, body: { verified: true } }),
    ])
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 200])
    // The owner may edit their resource, but not its badge.
    expect(await verifiedOf(shop.id)).toBe(false)
    const mutation = await graphql(
      `
        mutation ($id: Int!) {
          updateVerificationRequest(id: $id, data: { status: approved }) {
            id
          }
        }
      `,
      { token: owner.token, variables: { id } },
    )
    expect(mutation.json?.errors?.[0]?.message).toBeTruthy()
    expect((await mine(owner)).json.requests[0].status).toBe('sent')
  })

  it('should keep an admin’s REST writes to the same rules', async () => {
    const reviewer = await admin()
    const { owner, shop } = await ownerWithStaff()
    const id = (await send({ member: owner, resourceId: shop.id })).json.request.id
    const skip = await rest('PATCH', `/verification-requests/${id}`, {
      token: reviewer.token,
      body: { status: 'revoked', answer: 'x' },
    })
    expect(skip.status).toBe(400)
    const noReason = await rest('PATCH', `/verification-requests/${id}`, {
      token: reviewer.token,
      body: { status: 'rejected' },
    })
    expect(noReason.status).toBe(400)
    const approved = await rest('PATCH', `/verification-requests/${id}`, {
      token: reviewer.token,
      body: { status: 'approved', resource: 1, requester: reviewer.user.id },
    })
    expect(approved.status).toBe(200)
    expect(approved.json.doc).toMatchObject({
      status: 'approved',
      resource: expect.objectContaining({ id: shop.id }),
      requester: expect.objectContaining({ id: owner.user.id }),
      decidedBy: expect.objectContaining({ id: reviewer.user.id }),
    })
    expect(await verifiedOf(shop.id)).toBe(true)
  })

  it('should take an approval’s note through REST as through the call, and still want a reason to reject', async () => {
    const reviewer = await admin()
    const { owner, shop, forum } = await ownerWithStaff()
    const id = (await send({ member: owner, resourceId: shop.id })).json.request.id
    const waiting = await rest(
      'GET',
      `/verification-requests?where[status][in]=sent,awaitingReview&where[id][equals]=${id}`,
      { token: reviewer.token },
    )
    expect(waiting.json.docs.map((doc: { id: number }) => doc.id)).toEqual([id])
    const approved = await rest('PATCH', `/verification-requests/${id}`, {
      token: reviewer.token,
      body: { status: 'approved', answer: 'Welcome aboard.' },
    })
    expect(approved.status, JSON.stringify(approved.json)).toBe(200)
    expect(approved.json.doc).toMatchObject({ status: 'approved', answer: 'Welcome aboard.' })
    expect((await mine(owner)).json.requests[0]).toMatchObject({ id, answer: 'Welcome aboard.' })
    const other = (await send({ member: owner, resourceId: forum.id })).json.request.id
    const noReason = await rest('PATCH', `/verification-requests/${other}`, {
      token: reviewer.token,
      body: { status: 'rejected', answer: '  ' },
    })
    expect(noReason.status).toBe(400)
    expect(
      (
        await rest('GET', `/verification-requests?where[id][equals]=${other}`, {
          token: owner.token,
        })
      ).json.docs[0].status,
    ).toBe('sent')
  })

  it('should show a stranger none of the requests or their files', async () => {
    const { owner, shop } = await ownerWithStaff()
    const stranger = await createMember({ payload, role: 'owner' })
    const sent = await send({ member: owner, resourceId: shop.id })
    const id = sent.json.request.id
    expect(
      (await rest('GET', `/verification-requests/${id}`, { token: stranger.token })).status,
    ).toBe(404)
    expect(
      (await rest('GET', '/verification-requests', { token: stranger.token })).json.docs,
    ).toEqual([])
    const gql = await graphql(
      `
        {
          VerificationRequests {
            docs {
              id
              message
            }
          }
        }
      `,
      {
        token: stranger.token,
      },
    )
    expect(gql.json?.data).toEqual({ VerificationRequests: { docs: [] } })
    const file = fileName(sent.json.request.attachments[0].url)
    expect(await fileStatus({ filename: file })).toBe(403)
    expect(await fileStatus({ filename: file, token: stranger.token })).toBe(403)
  })
})

describe('what a decision expires', () => {
  it('should expire the resource’s pages and its listing when it is approved or revoked', async () => {
    const reviewer = await admin()
    const { owner, shop } = await ownerWithStaff()
    const id = (await send({ member: owner, resourceId: shop.id })).json.request.id
    for (const [status, answer] of [
      ['approved', undefined],
      ['revoked', 'Forged papers.'],
    ] as const) {
      const req = await createLocalReq({ user: reviewer.user }, payload)
      await payload.update({
        collection: 'verification-requests',
        id,
        data: { status, answer },
        user: reviewer.user,
        overrideAccess: false,
        req,
      })
      expect(expiredTagsOf(req)).toEqual(
        expect.arrayContaining([CACHE_TAGS.resource(shop.id), CACHE_TAGS.listing('shop')]),
      )
    }
  })
})
