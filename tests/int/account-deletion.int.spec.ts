import { existsSync } from 'node:fs'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import { type Payload, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CACHE_TAGS } from '@/server/cacheTags'
import { expiredTagsOf } from '@/server/publicCache'
import { runSql } from '@/server/sql/run'

import { createArticle } from '../helpers/content'
import { PASSWORD, createMember, createResource, unique } from '../helpers/directory'
import { formData, pngFile } from '../helpers/forms'
import { receivedTo } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'
import { decryptChallenge, generatePgpKeyPair, oathtoolCode } from '../helpers/secondFactor'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

type Member = Awaited<ReturnType<typeof createMember>>

const english = { 'Accept-Language': 'en' }

const deleteAccount = (member: Member, body: Record<string, unknown>) =>
  rest('POST', '/delete-account', { token: member.token, headers: english, body })

const exists = async (collection: 'users' | 'reviews' | 'tickets' | 'chat-messages', id: number) =>
  Boolean(
    await payload.findByID({ collection, id, overrideAccess: true, disableErrors: true, depth: 0 }),
  )

const count = async (query: ReturnType<typeof sql>) =>
  Number((await runSql<{ n: number }>({ payload, query })).rows[0]?.n ?? 0)

const fileOf = async (attachmentId: number) => {
  const doc = await payload.findByID({
    collection: 'attachments',
    id: attachmentId,
    overrideAccess: true,
    depth: 0,
  })
  return path.resolve(payload.collections.attachments.config.upload.staticDir!, doc.filename!)
}

const latestDeletion = async () =>
  (
    await payload.find({
      collection: 'account-deletions',
      sort: '-createdAt',
      limit: 1,
      overrideAccess: true,
      depth: 0,
    })
  ).docs[0]

/**
 * A member with something of each kind: a published review (with another member's helpful vote
 * on it), a helpful vote of their own, a favorite, a comment, a ticket with a picture, a chat
 * message, a contact message, and a sign-in attempt counted against their login.
 */
const busyMember = async () => {
  const member = await createMember({ payload })
  const resource = await createResource({ payload })
  const review = await payload.create({
    collection: 'reviews',
    data: {
      resource: resource.id,
      author: member.user.id,
      grade: 1,
      comment: 'Awful',
      status: 'published',
    },
    overrideAccess: true,
  })
  const other = await createMember({ payload })
  const othersReview = await payload.create({
    collection: 'reviews',
    data: {
      resource: resource.id,
      author: other.user.id,
      grade: 5,
      comment: 'Great',
      status: 'published',
    },
    overrideAccess: true,
  })
  await payload.create({
    collection: 'review-votes',
    data: { review: othersReview.id, user: member.user.id },
    overrideAccess: true,
  })
  await payload.create({
    collection: 'favorites',
    data: { resource: resource.id, user: member.user.id },
    overrideAccess: true,
  })
  const news = await createArticle({ payload })
  const comment = await payload.create({
    collection: 'comments',
    data: { news: news.id, author: member.user.id, text: 'My comment', status: 'published' },
    overrideAccess: true,
  })
  const ticket = await rest('POST', '/add-requests', {
    token: member.token,
    headers: english,
    body: formData({ subject: `Help ${unique()}`, message: 'Look at this.' }, [pngFile()]),
  })
  expect(ticket.status, ticket.text).toBe(200)
  const ticketId = ticket.json.ticket?.id ?? ticket.json.id
  const [firstMessage] = (
    await payload.find({
      collection: 'ticket-messages',
      where: { ticket: { equals: ticketId } },
      overrideAccess: true,
      depth: 0,
    })
  ).docs
  const ticketFile = await fileOf(firstMessage.attachments![0] as number)
  const chat = await payload.create({
    collection: 'chat-messages',
    data: { author: member.user.id, text: 'Hello, chat' },
    overrideAccess: true,
  })
  const contact = await payload.create({
    collection: 'contact-messages',
    data: {
      name: 'Me',
      email: member.user.email,
      subject: 'A question',
      message: 'Hello',
      locale: 'en',
      sender: member.user.id,
    },
    overrideAccess: true,
  })
  // A wrong password counts against the login (table rate_limits).
  await rest('POST', '/login', { body: { login: member.user.username, password: 'wrong-pass' } })
  return { member, resource, review, othersReview, comment, ticketId, ticketFile, chat, contact }
}

describe('delete my account', () => {
  it('should remove what the list says, keep chat and tickets without a name, and log no person', async () => {
    const busy = await busyMember()
    const { member } = busy
    const login = member.user.username!.toLowerCase()
    expect(
      await count(sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE ${`%:${login}`}`),
    ).toBeGreaterThan(0)
    expect(existsSync(busy.ticketFile)).toBe(true)

    const wrong = await deleteAccount(member, { password: 'not-my-password' })
    expect(wrong.status).toBe(422)
    expect(wrong.json.errors.password).toEqual(['The current password is incorrect'])
    expect(await exists('users', member.user.id)).toBe(true)

    const done = await deleteAccount(member, { password: PASSWORD })
    expect(done.status, done.text).toBe(200)
    expect(done.json).toMatchObject({ deleted: true })
    expect(done.headers.get('set-cookie')).toMatch(/^payload-token=;/)

    // Removed: the account, its review (the rating recomputed), vote, favorite, comment, contact
    // message, the ticket's file, the rate limits kept under its login.
    expect(await exists('users', member.user.id)).toBe(false)
    expect(await exists('reviews', busy.review.id)).toBe(false)
    const resource = await payload.findByID({
      collection: 'resources',
      id: busy.resource.id,
      depth: 0,
    })
    expect(resource).toMatchObject({ reviewCount: 1, ratingAverage: 5 })
    const othersReview = await payload.findByID({
      collection: 'reviews',
      id: busy.othersReview.id,
      depth: 0,
    })
    expect(othersReview.helpfulCount ?? 0).toBe(0)
    for (const [table, column] of [
      ['favorites', 'user_id'],
      ['review_votes', 'user_id'],
      ['comments', 'author_id'],
      ['security_events', 'user_id'],
      ['session_details', 'user_id'],
    ] as const) {
      expect(
        await count(
          sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${sql.raw(column)} = ${member.user.id}`,
        ),
        table,
      ).toBe(0)
    }
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM contact_messages WHERE id = ${busy.contact.id}`,
      ),
    ).toBe(0)
    expect(existsSync(busy.ticketFile)).toBe(false)
    expect(
      await count(sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE ${`%:${login}`}`),
    ).toBe(0)

    // Kept without a name: the chat message and the ticket, closed.
    const chat = await payload.findByID({
      collection: 'chat-messages',
      id: busy.chat.id,
      overrideAccess: true,
      depth: 0,
    })
    expect(chat).toMatchObject({ text: 'Hello, chat', author: null })
    const ticket = await payload.findByID({
      collection: 'tickets',
      id: busy.ticketId,
      overrideAccess: true,
      depth: 0,
    })
    expect(ticket).toMatchObject({ author: null, status: 'closed' })

    // The log: by whom and how many, nothing of the person.
    const logged = await latestDeletion()
    expect(logged).toMatchObject({ by: 'self', admin: null, role: 'user' })
    expect(logged.counts).toMatchObject({
      reviews: 1,
      votes: 1,
      favorites: 1,
      comments: 1,
      contacts: 1,
      keptChatMessages: 1,
    })
    const text = JSON.stringify(logged)
    for (const trace of [member.user.username!, member.user.email, member.user.displayName!]) {
      expect(text).not.toContain(trace)
    }
  })

  it('should refuse the old token, the old password and a reset, as for an account that never was', async () => {
    const member = await createMember({ payload })
    const login = member.user.username!
    expect((await deleteAccount(member, { password: PASSWORD })).status).toBe(200)

    expect(
      (await rest('GET', '/get-user-by-id', { token: member.token, headers: english })).status,
    ).toBe(401)
    const me = await rest('GET', '/users/me', { token: member.token })
    expect(me.json.user).toBeNull()
    const signIn = await rest('POST', '/login', {
      headers: english,
      body: { login, password: PASSWORD },
    })
    const never = await rest('POST', '/login', {
      headers: english,
      body: { login: `nobody${unique()}`, password: PASSWORD },
    })
    expect([signIn.status, signIn.json.message]).toEqual([never.status, never.json.message])
    await rest('POST', '/forget-password', { headers: english, body: { email: member.user.email } })
    expect(receivedTo(member.user.email)).toEqual([])
    expect((await deleteAccount(member, { password: PASSWORD })).status).toBe(401)
  })

  it('should ask the second factor again: the app, PGP or a backup code', async () => {
    const app = await createMember({ payload })
    const { json: qr } = await rest('GET', '/generate-qr-code', { token: app.token })
    await rest('POST', '/verify-otp-settings', {
      token: app.token,
      body: { code: oathtoolCode({ secret: qr.secret }) },
    })
    const noCode = await deleteAccount(app, { password: PASSWORD })
    expect([noCode.status, noCode.json.errors?.code]).toEqual([422, ['This field is required.']])
    const wrongCode = await deleteAccount(app, { password: PASSWORD, code: '000000' })
    expect(wrongCode.status).toBe(422)
    expect(await exists('users', app.user.id)).toBe(true)
    const next = oathtoolCode({ secret: qr.secret, offsetSeconds: 30 })
    expect((await deleteAccount(app, { password: PASSWORD, code: next })).status).toBe(200)

    const pgp = await createMember({ payload })
    const keys = await generatePgpKeyPair(pgp.user.email)
    const setup = await rest('POST', '/get-message', {
      token: pgp.token,
      body: { public_key: keys.publicKey },
    })
    const first = await decryptChallenge({
      message: setup.json.message,
      privateKey: keys.privateKey,
    })
    await rest('POST', '/check-update-pgp', {
      token: pgp.token,
      body: { public_key: keys.publicKey, code: first.code },
    })
    expect((await deleteAccount(pgp, { password: PASSWORD, code: first.code })).status).toBe(410)
    const challenge = await rest('POST', '/get-message-pgp-confirm', { token: pgp.token })
    const { code } = await decryptChallenge({
      message: challenge.json.message,
      privateKey: keys.privateKey,
    })
    // The right code without the password deletes nothing.
    expect((await deleteAccount(pgp, { password: 'wrong', code })).status).toBe(422)
    expect((await deleteAccount(pgp, { password: PASSWORD, code })).status).toBe(200)
    expect(await exists('users', pgp.user.id)).toBe(false)

    const backup = await createMember({ payload })
    const { json: qr2 } = await rest('GET', '/generate-qr-code', { token: backup.token })
    await rest('POST', '/verify-otp-settings', {
      token: backup.token,
      body: { code: oathtoolCode({ secret: qr2.secret }) },
    })
    const codes = await rest('POST', '/generate-backup-codes', {
      token: backup.token,
      body: { current_password: PASSWORD },
    })
    expect(
      (
        await deleteAccount(backup, {
          password: PASSWORD,
          code: codes.json.codes[0],
          backup_code: true,
        })
      ).status,
    ).toBe(200)
  })

  it('should not orphan an owner’s resources or employees, on the site’s call or an admin’s door', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.user.id })
    const employee = await createMember({ payload, role: 'storeOperator', employer: owner.user.id })
    const admin = await createMember({ payload, role: 'admin' })

    const refused = await deleteAccount(owner, { password: PASSWORD })
    expect(refused.status).toBe(409)
    expect(refused.json.message).toBe(
      'The account still owns resources (1) or employs people (1): transfer them to another account or delete them first.',
    )
    const byAdmin = await rest('DELETE', `/users/${owner.user.id}`, {
      token: admin.token,
      headers: english,
    })
    expect(byAdmin.status).toBe(409)
    expect(await exists('users', owner.user.id)).toBe(true)

    // Transferred and let go, the owner's account may go: the admin's deletion is logged as theirs.
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: { owner: admin.user.id },
      overrideAccess: true,
    })
    await payload.update({
      collection: 'users',
      id: employee.user.id,
      data: { role: 'user', employer: null },
      overrideAccess: true,
    })
    const done = await rest('DELETE', `/users/${owner.user.id}`, {
      token: admin.token,
      headers: english,
    })
    expect(done.status, done.text).toBe(200)
    expect(await exists('users', owner.user.id)).toBe(false)
    expect(await latestDeletion()).toMatchObject({
      by: 'admin',
      admin: admin.user.id,
      role: 'owner',
    })
  })

  it("should let an admin delete an account from the site's users screen, and no one else", async () => {
    const member = await createMember({ payload })
    const admin = await createMember({ payload, role: 'admin' })
    const owner = await createMember({ payload, role: 'owner' })
    await createResource({ payload, owner: owner.user.id })
    const call = (token: string, userId: number) =>
      rest('POST', '/delete-user', { token, headers: english, body: { user_id: userId } })

    expect((await call(member.token, owner.user.id)).status).toBe(403)
    expect((await call(owner.token, member.user.id)).status).toBe(403)
    expect((await call(admin.token, 2_147_483_647)).status).toBe(404)
    expect((await call(admin.token, owner.user.id)).status).toBe(409)
    expect((await call(admin.token, admin.user.id)).status).toBe(409)
    const done = await call(admin.token, member.user.id)
    expect(done.status, done.text).toBe(200)
    expect(await exists('users', member.user.id)).toBe(false)
    expect(await latestDeletion()).toMatchObject({
      by: 'admin',
      admin: admin.user.id,
      role: 'user',
    })
  })

  it('should expire the pages that showed the member’s review or reply', async () => {
    const member = await createMember({ payload, role: 'owner' })
    const reviewed = await createResource({ payload })
    const replied = await createResource({ payload })
    await payload.create({
      collection: 'reviews',
      data: {
        resource: reviewed.id,
        author: member.user.id,
        grade: 3,
        comment: 'So-so',
        status: 'published',
      },
      overrideAccess: true,
    })
    const someone = await createMember({ payload })
    await payload.create({
      collection: 'reviews',
      data: {
        resource: replied.id,
        author: someone.user.id,
        grade: 4,
        comment: 'Fine',
        status: 'published',
        reply: { text: 'Thanks!', author: member.user.id, repliedAt: new Date().toISOString() },
      },
      overrideAccess: true,
    })
    const req = await createLocalReq({}, payload)
    await payload.delete({ collection: 'users', id: member.user.id, overrideAccess: true, req })
    expect(expiredTagsOf(req)).toEqual(
      expect.arrayContaining([CACHE_TAGS.resource(reviewed.id), CACHE_TAGS.resource(replied.id)]),
    )
    const reply = await payload.find({
      collection: 'reviews',
      where: { resource: { equals: replied.id } },
      overrideAccess: true,
      depth: 0,
    })
    expect(reply.docs[0].reply).toMatchObject({ text: 'Thanks!', author: null })
  })
})

describe('every door of a deletion, from the refused side', () => {
  it('should let no member delete an account through Payload’s REST or GraphQL, their own included', async () => {
    const member = await createMember({ payload })
    const owner = await createMember({ payload, role: 'owner' })
    const employee = await createMember({ payload, role: 'storeOperator', employer: owner.user.id })
    for (const [who, id] of [
      [member, member.user.id],
      [member, owner.user.id],
      [owner, employee.user.id],
    ] as const) {
      expect((await rest('DELETE', `/users/${id}`, { token: who.token })).status).toBe(403)
      const viaGraphql = await graphql(`mutation { deleteUser(id: ${id}) { id } }`, {
        token: who.token,
        headers: english,
      })
      expect(viaGraphql.json?.errors?.[0]?.message).toMatch(/not allowed/i)
      expect(await exists('users', id)).toBe(true)
    }
    const guest = await rest('POST', '/delete-account', {
      headers: english,
      body: { password: PASSWORD },
    })
    expect(guest.status).toBe(401)
  })

  it('should keep an admin from deleting their own account, on every door', async () => {
    const admin = await createMember({ payload, role: 'admin' })
    const own = await deleteAccount(admin, { password: PASSWORD })
    expect([own.status, own.json.message]).toEqual([
      409,
      "An admin's account is deleted by another admin.",
    ])
    const viaRest = await rest('DELETE', `/users/${admin.user.id}`, {
      token: admin.token,
      headers: english,
    })
    expect(viaRest.status).toBe(409)
    expect(await exists('users', admin.user.id)).toBe(true)
  })

  it('should show the deletions’ log to admins only, and let nobody write or remove it', async () => {
    const member = await createMember({ payload })
    const admin = await createMember({ payload, role: 'admin' })
    await createMember({ payload }).then((gone) => deleteAccount(gone, { password: PASSWORD }))
    expect((await rest('GET', '/account-deletions', { token: member.token })).status).toBe(403)
    const list = await rest('GET', '/account-deletions', { token: admin.token })
    expect(list.status).toBe(200)
    expect(list.json.totalDocs).toBeGreaterThan(0)
    const id = list.json.docs[0].id
    for (const [method, url] of [
      ['POST', '/account-deletions'],
      ['PATCH', `/account-deletions/${id}`],
      ['DELETE', `/account-deletions/${id}`],
    ] as const) {
      const answer = await rest(method, url, {
        token: admin.token,
        body: method === 'DELETE' ? undefined : { by: 'self', role: 'user' },
      })
      expect(answer.status, `${method} ${url}`).toBe(403)
    }
    const viaGraphql = await graphql('{ AccountDeletions { docs { id } } }', {
      token: member.token,
      headers: english,
    })
    expect(viaGraphql.json?.errors?.[0]?.message).toMatch(/not allowed/i)
  })
})
