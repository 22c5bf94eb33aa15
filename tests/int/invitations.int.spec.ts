import { sql } from '@payloadcms/db-postgres'
import { type Payload, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { visitInvitation } from '@/data/invitations'
import { RATE_LIMITS } from '@/lib/limits'
import { collectMemberData } from '@/server/dataExport/collect'
import { runSql } from '@/server/sql/run'

import { PASSWORD, createMember, createResource, unique } from '../helpers/directory'
import { waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

type Member = Awaited<ReturnType<typeof createMember>>

/** A published resource of a fresh owner. */
const ownedResource = async (type: 'marketplace' | 'shop' = 'marketplace') => {
  const owner = await createMember({ payload, role: 'owner' })
  const resource = await createResource({ payload, owner: owner.user.id, type })
  return { owner, resource }
}

const invite = (member: Member | null, body: Record<string, unknown>) =>
  rest('POST', '/invitations-send', { token: member?.token, headers: english, body })

const makeLinks = (member: Member | null, body: Record<string, unknown>) =>
  rest('POST', '/invitations-links', { token: member?.token, headers: english, body })

const tokenOf = (link: string) => /\/invitation\/([A-Za-z0-9_-]{43})/.exec(link)?.[1] ?? ''

/** One single-use link's token for `resourceId`, made by its owner. */
const linkToken = async (owner: Member, resourceId: number) => {
  const answer = await makeLinks(owner, { resource_id: resourceId, count: 1, locale: 'en' })
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return tokenOf(answer.json.links[0])
}

const review = (member: Member, resourceId: number, extra: Record<string, unknown> = {}) =>
  rest('POST', '/add-reviews', {
    token: member.token,
    headers: english,
    body: { resource_id: resourceId, grade: 4, comment: 'Fast delivery, fair prices.', ...extra },
  })

const countsOf = async (owner: Member, resourceId: number) =>
  (
    await rest('GET', `/invitations-counts?resource_id=${resourceId}`, {
      token: owner.token,
      headers: english,
    })
  ).json.counts

const invitationRows = async (resourceId: number) =>
  (
    await runSql<Record<string, unknown>>({
      payload,
      query: sql`SELECT * FROM review_invitations WHERE resource_id = ${resourceId} ORDER BY id`,
    })
  ).rows

describe('inviting by mail', () => {
  it('should mail the customer once, in the chosen language, keeping only hashes', async () => {
    const { owner, resource } = await ownedResource()
    const email = `customer.${unique()}@example.com`
    const answer = await invite(owner, { resource_id: resource.id, email, locale: 'en' })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(answer.json.counts).toEqual({ sent: 1, opened: 0, reviewed: 0 })

    const mail = await waitForMail({ to: email })
    expect(mail.subject).toContain(resource.title)
    expect(mail.subject).toMatch(/Write a review/)
    const token = tokenOf(mail.text)
    expect(mail.text).toContain(`/en/invitation/${token}`)
    expect(mail.html).toContain(`/en/invitation/${token}`)
    expect(mail.headers['list-unsubscribe']).toMatch(/\/api\/invitations-opt-out\?token=/)
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')

    const rows = await invitationRows(resource.id)
    expect(rows).toHaveLength(1)
    const stored = JSON.stringify(rows).toLowerCase()
    expect(stored).not.toContain(email.toLowerCase())
    expect(stored).not.toContain(token.toLowerCase())
    expect(rows[0]).toMatchObject({ kind: 'email', locale: 'en', used_at: null })

    // The same address again, however it is spelled: refused, nothing sent.
    const again = await invite(owner, {
      resource_id: resource.id,
      email: ` ${email.toUpperCase()} `,
      locale: 'ru',
    })
    expect(again.status).toBe(422)
    expect(again.json.errors.email[0]).toMatch(/already been invited/)
    expect(await invitationRows(resource.id)).toHaveLength(1)
  })

  it('should write Russian mail in Russian', async () => {
    const { owner, resource } = await ownedResource()
    const email = `ru.${unique()}@example.com`
    expect((await invite(owner, { resource_id: resource.id, email, locale: 'ru' })).status).toBe(
      200,
    )
    const mail = await waitForMail({ to: email })
    expect(mail.subject).toMatch(/Напишите отзыв/)
    expect(mail.text).toMatch(/\/invitation\/[A-Za-z0-9_-]{43}/)
    expect(mail.text).not.toContain('/en/invitation/')
  })

  it('should stop every invitation to an address that opted out, and only with a genuine link', async () => {
    const { owner, resource } = await ownedResource()
    const other = await ownedResource()
    const email = `optout.${unique()}@example.com`
    await invite(owner, { resource_id: resource.id, email, locale: 'en' })
    const mail = await waitForMail({ to: email })
    const optOut = /invitations-opt-out\?token=([^>\s]+)/.exec(mail.headers['list-unsubscribe'])![1]

    for (const bad of ['nonsense', `${optOut.slice(0, -2)}xx`, 'x'.repeat(500)]) {
      const refused = await rest('POST', '/invitations-opt-out', {
        headers: english,
        body: { token: bad },
      })
      expect(refused.status, bad).toBe(400)
    }
    // A NUL byte is refused with the site's other bad input, before any reading.
    const nul = await rest('POST', '/invitations-opt-out', {
      headers: english,
      body: { token: `${optOut}\u0000` },
    })
    expect(nul.status).toBe(422)
    // A mail client's one-click: the token in the address, RFC 8058's body.
    const done = await rest('POST', `/invitations-opt-out?token=${optOut}`, {
      body: { 'List-Unsubscribe': 'One-Click' },
    })
    expect(done.status, JSON.stringify(done.json)).toBe(200)
    const stored = await runSql<{ address_hash: string }>({
      payload,
      query: sql`SELECT address_hash FROM invitation_opt_outs`,
    })
    expect(JSON.stringify(stored.rows)).not.toContain(email)

    const refused = await invite(other.owner, {
      resource_id: other.resource.id,
      email: email.toUpperCase(),
      locale: 'en',
    })
    expect(refused.status).toBe(422)
    expect(refused.json.errors.email[0]).toMatch(/never to receive/)
    expect(await invitationRows(other.resource.id)).toHaveLength(0)
  })
})

describe('who may invite', () => {
  it('should refuse guests, members, other owners and operators of another type', async () => {
    const { owner, resource } = await ownedResource('marketplace')
    const member = await createMember({ payload })
    const stranger = await createMember({ payload, role: 'owner' })
    const shopOperator = await createMember({
      payload,
      role: 'storeOperator',
      employer: owner.user.id,
    })
    const body = { resource_id: resource.id, email: `x.${unique()}@example.com`, locale: 'en' }
    expect((await invite(null, body)).status).toBe(401)
    expect((await invite(member, body)).status).toBe(403)
    expect((await invite(stranger, body)).status).toBe(403)
    expect((await invite(shopOperator, body)).status).toBe(403)
    expect((await makeLinks(stranger, { ...body, count: 5 })).status).toBe(403)
    expect((await makeLinks(member, { ...body, count: 5 })).status).toBe(403)
    const counts = await rest('GET', `/invitations-counts?resource_id=${resource.id}`, {
      token: stranger.token,
    })
    expect(counts.status).toBe(403)
    expect(await invitationRows(resource.id)).toHaveLength(0)
  })

  it('should let the operator of the resource’s type invite for their employer', async () => {
    const { owner, resource } = await ownedResource('marketplace')
    const operator = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: owner.user.id,
    })
    const answer = await invite(operator, {
      resource_id: resource.id,
      email: `op.${unique()}@example.com`,
      locale: 'en',
    })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  })

  it('should refuse an unpublished resource, bad ids, counts and languages', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const pending = await createResource({ payload, owner: owner.user.id, status: 'pending' })
    const email = `p.${unique()}@example.com`
    const unpublished = await invite(owner, { resource_id: pending.id, email, locale: 'en' })
    expect(unpublished.status).toBe(422)
    const { resource } = await ownedResource()
    for (const body of [
      { resource_id: 99_999_999_999, email, locale: 'en' },
      { resource_id: '1\u0000', email, locale: 'en' },
      { resource_id: resource.id, email: 'not-an-address', locale: 'en' },
      { resource_id: resource.id, email, locale: 'de' },
    ]) {
      expect((await invite(owner, body)).status, JSON.stringify(body)).toBe(422)
    }
    const { owner: realOwner, resource: own } = await ownedResource()
    for (const count of [0, 101, -1, 1.5, '1e2', 'ten']) {
      const answer = await makeLinks(realOwner, { resource_id: own.id, count, locale: 'en' })
      expect(answer.status, String(count)).toBe(422)
    }
    expect(await invitationRows(own.id)).toHaveLength(0)
  })

  it('should hold the resource’s daily allowance of invitations', async () => {
    const { owner, resource } = await ownedResource()
    const allowance = RATE_LIMITS.invitationsPerResource.points
    let left = allowance
    while (left > 0) {
      const count = Math.min(100, left)
      const answer = await makeLinks(owner, { resource_id: resource.id, count, locale: 'en' })
      expect(answer.status).toBe(200)
      expect(answer.json.links).toHaveLength(count)
      left -= count
    }
    const more = await makeLinks(owner, { resource_id: resource.id, count: 1, locale: 'en' })
    expect(more.status).toBe(429)
    const mail = await invite(owner, {
      resource_id: resource.id,
      email: `late.${unique()}@example.com`,
      locale: 'en',
    })
    expect(mail.status).toBe(429)
    expect(mail.json.message).toMatch(/Too many invitations/)
    expect(await invitationRows(resource.id)).toHaveLength(allowance)
    // Another resource has its own allowance.
    const other = await ownedResource()
    expect(
      (await makeLinks(other.owner, { resource_id: other.resource.id, count: 1, locale: 'en' }))
        .status,
    ).toBe(200)
  })
})

describe('a review through an invitation', () => {
  it('should be marked invited, spend the invitation and count for the owner', async () => {
    const { owner, resource } = await ownedResource()
    const token = await linkToken(owner, resource.id)
    const customer = await createMember({ payload })
    const visit = await visitInvitation({ token, user: null, locale: 'en' })
    expect(visit).toMatchObject({ state: 'open', viewer: 'guest' })
    expect(visit.resource?.id).toBe(resource.id)
    await visitInvitation({ token, user: null, locale: 'en' })
    expect(await countsOf(owner, resource.id)).toEqual({ sent: 1, opened: 1, reviewed: 0 })

    const answer = await review(customer, resource.id, { invitation: token })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(answer.json.review).toMatchObject({ invited: true, grade: 4, status: 'published' })
    expect(await countsOf(owner, resource.id)).toEqual({ sent: 1, opened: 1, reviewed: 1 })

    // The public read shows the mark; the invitation's row names neither review nor member.
    const publicRead = await rest('GET', `/reviews/${answer.json.review.id}`)
    expect(publicRead.json.invited).toBe(true)
    const [row] = await invitationRows(resource.id)
    expect(Object.values(row)).not.toContain(customer.user.id)
    expect(Object.values(row)).not.toContain(answer.json.review.id)

    // Used: another customer, and the page, are told so.
    const late = await createMember({ payload })
    const reused = await review(late, resource.id, { invitation: token })
    expect(reused.status).toBe(409)
    expect(reused.json.message).toMatch(/already been used/)
    expect(await visitInvitation({ token, user: late.user, locale: 'en' })).toMatchObject({
      state: 'used',
    })
  })

  it('should let only one of two racing reviews spend one invitation', async () => {
    const { owner, resource } = await ownedResource()
    const token = await linkToken(owner, resource.id)
    const [first, second] = await Promise.all([
      createMember({ payload }),
      createMember({ payload }),
    ])
    const answers = await Promise.all([
      review(first, resource.id, { invitation: token }),
      review(second, resource.id, { invitation: token }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const { docs } = await payload.find({
      collection: 'reviews',
      where: { resource: { equals: resource.id } },
      overrideAccess: true,
    })
    expect(docs).toHaveLength(1)
    expect(docs[0].invited).toBe(true)
  })

  it('should refuse an expired, unknown, malformed or another resource’s invitation', async () => {
    const { owner, resource } = await ownedResource()
    const other = await ownedResource()
    const expired = await linkToken(owner, resource.id)
    await runSql({
      payload,
      query: sql`UPDATE review_invitations SET expires_at = now() - interval '1 second'
                 WHERE resource_id = ${resource.id}`,
    })
    const foreign = await linkToken(other.owner, other.resource.id)
    const customer = await createMember({ payload })
    for (const invitation of [expired, foreign, 'A'.repeat(43), 'short', '%E0%A4%A']) {
      const answer = await review(customer, resource.id, { invitation })
      expect(answer.status, invitation).toBe(409)
    }
    for (const invitation of ['x'.repeat(65), `${expired}\u0000`]) {
      expect((await review(customer, resource.id, { invitation })).status).toBe(422)
    }
    expect(await visitInvitation({ token: expired, user: null, locale: 'en' })).toMatchObject({
      state: 'expired',
    })
    for (const token of ['A'.repeat(43), 'a\u0000b', '']) {
      expect(await visitInvitation({ token, user: null, locale: 'en' })).toMatchObject({
        state: 'unknown',
        resource: null,
      })
    }
    // Nothing was written and the foreign invitation is still good for its own resource.
    expect(
      await payload.count({
        collection: 'reviews',
        where: { author: { equals: customer.user.id } },
      }),
    ).toMatchObject({ totalDocs: 0 })
    expect((await review(customer, other.resource.id, { invitation: foreign })).status).toBe(200)
  })

  it('should refuse the owner and the owner’s staff, leaving the invitation unspent', async () => {
    const { owner, resource } = await ownedResource()
    const token = await linkToken(owner, resource.id)
    const staff = await createMember({
      payload,
      role: 'storeOperator',
      employer: owner.user.id,
    })
    expect((await review(owner, resource.id, { invitation: token })).status).toBe(403)
    const byStaff = await review(staff, resource.id, { invitation: token })
    expect(byStaff.status).toBe(403)
    expect(byStaff.json.code).toBe('staff-resource')
    expect(await visitInvitation({ token, user: staff.user, locale: 'en' })).toMatchObject({
      viewer: 'staff',
    })
    expect(await visitInvitation({ token, user: owner.user, locale: 'en' })).toMatchObject({
      viewer: 'manages',
    })
    // Their visits were not counted as openings, and the invitation is still good.
    expect(await countsOf(owner, resource.id)).toEqual({ sent: 1, opened: 0, reviewed: 0 })
    const customer = await createMember({ payload })
    expect((await review(customer, resource.id, { invitation: token })).status).toBe(200)
  })
})

describe('the invited mark and the invitations on Payload’s doors', () => {
  it('should never let a door mark a review invited', async () => {
    const { resource } = await ownedResource()
    const author = await createMember({ payload })
    const viaSite = await review(author, resource.id, { invited: true })
    expect(viaSite.status).toBe(200)
    expect(viaSite.json.review.invited).toBe(false)

    const second = await createMember({ payload })
    const viaRest = await rest('POST', '/reviews', {
      token: second.token,
      body: { resource: resource.id, grade: 5, comment: 'Great', invited: true },
    })
    expect(viaRest.status, JSON.stringify(viaRest.json)).toBe(201)
    expect(viaRest.json.doc.invited).toBe(false)
    const patched = await rest('PATCH', `/reviews/${viaRest.json.doc.id}`, {
      token: second.token,
      body: { invited: true },
    })
    expect(patched.json.doc?.invited ?? false).toBe(false)

    const admin = await createMember({ payload, role: 'admin' })
    await rest('PATCH', `/reviews/${viaSite.json.review.id}`, {
      token: admin.token,
      body: { invited: true },
    })
    const third = await createMember({ payload })
    const viaGraphql = await graphql(
      `
        mutation ($resource: Int!) {
          createReview(data: { resource: $resource, grade: 5, comment: "Nice", invited: true }) {
            id
            invited
          }
        }
      `,
      { token: third.token, variables: { resource: resource.id } },
    )
    const made = viaGraphql.json?.data?.createReview as { invited: boolean } | null | undefined
    if (made) expect(made.invited).toBe(false)
    // The server's own writes, past every access rule, cannot set it either.
    const fourth = await createMember({ payload })
    const local = await payload.create({
      collection: 'reviews',
      data: {
        resource: resource.id,
        author: fourth.user.id,
        grade: 3,
        comment: 'OK',
        status: 'published',
        invited: true,
      },
      overrideAccess: true,
    })
    expect(local.invited).toBe(false)
    const { docs } = await payload.find({
      collection: 'reviews',
      where: { resource: { equals: resource.id }, invited: { equals: true } },
      overrideAccess: true,
    })
    expect(docs).toEqual([])
  })

  it('should keep the invitations closed on REST and GraphQL, tokens and addresses from admins too', async () => {
    const { owner, resource } = await ownedResource()
    await linkToken(owner, resource.id)
    const admin = await createMember({ payload, role: 'admin' })
    const [row] = await invitationRows(resource.id)

    for (const who of [owner, null]) {
      const list = await rest('GET', '/review-invitations', { token: who?.token })
      expect(list.status).toBe(403)
      expect(
        (await rest('GET', `/review-invitations/${row.id}`, { token: who?.token })).status,
      ).toBe(403)
    }
    const seen = await rest('GET', `/review-invitations/${row.id}`, { token: admin.token })
    expect(seen.status).toBe(200)
    expect(seen.json).not.toHaveProperty('tokenHash')
    expect(seen.json).not.toHaveProperty('addressHash')
    // Nor can a query on them find a token by its hash.
    const probe = await rest(
      'GET',
      `/review-invitations?where[tokenHash][equals]=${String(row.token_hash)}`,
      { token: admin.token },
    )
    expect(probe.json?.docs ?? []).toHaveLength(0)

    for (const who of [owner, admin]) {
      const created = await rest('POST', '/review-invitations', {
        token: who.token,
        body: {
          resource: resource.id,
          kind: 'link',
          tokenHash: 'f'.repeat(64),
          expiresAt: new Date(Date.now() + 1e9).toISOString(),
        },
      })
      expect(created.status).toBe(403)
      const patched = await rest('PATCH', `/review-invitations/${row.id}`, {
        token: who.token,
        body: { usedAt: null, expiresAt: new Date(Date.now() + 1e10).toISOString() },
      })
      expect(patched.status).toBe(403)
      expect(
        (await rest('DELETE', `/review-invitations/${row.id}`, { token: who.token })).status,
      ).toBe(403)
      expect((await rest('GET', '/invitation-opt-outs', { token: who.token })).status).toBe(403)
    }
    const viaGraphql = await graphql('{ ReviewInvitations { docs { id } } }', {
      token: admin.token,
    })
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    expect(await invitationRows(resource.id)).toHaveLength(1)
  })
})

describe('invitations and the people who made or used them', () => {
  it('should keep a deleted operator’s invitations with the resource, nameless, and export no outcome', async () => {
    const { owner, resource } = await ownedResource('marketplace')
    const operator = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: owner.user.id,
    })
    const made = await makeLinks(operator, { resource_id: resource.id, count: 2, locale: 'ru' })
    expect(made.status).toBe(200)
    const customer = await createMember({ payload })
    const token = tokenOf(made.json.links[0])
    expect((await review(customer, resource.id, { invitation: token })).status).toBe(200)

    const req = await createLocalReq({ user: operator.user }, payload)
    const archive = await collectMemberData({ req, user: operator.user })
    const invited = archive.json['review-invitations.json'] as Record<string, unknown>[]
    expect(invited).toHaveLength(2)
    for (const one of invited) {
      expect(one).toMatchObject({ kind: 'link', locale: 'ru' })
      expect(Object.keys(one).sort()).toEqual([
        'createdAt',
        'expiresAt',
        'kind',
        'locale',
        'resource',
      ])
    }
    const customerArchive = await collectMemberData({
      req: await createLocalReq({ user: customer.user }, payload),
      user: customer.user,
    })
    expect(customerArchive.json['reviews.json']).toMatchObject([{ invited: true }])

    const deleted = await rest('POST', '/delete-account', {
      token: operator.token,
      headers: english,
      body: { password: PASSWORD },
    })
    expect(deleted.status, deleted.text).toBe(200)
    const rows = await invitationRows(resource.id)
    expect(rows).toHaveLength(2)
    expect(rows.map((row) => row.created_by_id)).toEqual([null, null])
    expect(await countsOf(owner, resource.id)).toEqual({ sent: 2, opened: 0, reviewed: 1 })
  })
})
