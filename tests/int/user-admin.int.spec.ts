import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { signInToken } from '../helpers/accounts'
import { PASSWORD, createMember, unique } from '../helpers/directory'
import { formData } from '../helpers/forms'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
type Member = Awaited<ReturnType<typeof createMember>>

const call = (member: Member | null, path: string, body: Record<string, unknown> | FormData) =>
  rest('POST', path, { token: member?.token, headers: english, body })

const admin = () => createMember({ payload, role: 'admin' })

const block = (by: Member, target: Member, fields: Record<string, string> = {}) =>
  call(
    by,
    '/block-user',
    formData({ user_id: String(target.user.id), reason: 'Spam in reviews', ...fields }),
  )

const blocksOf = async (userId: number) =>
  (
    await payload.find({
      collection: 'user-blocks',
      where: { user: { equals: userId } },
      sort: 'createdAt',
      depth: 0,
    })
  ).docs.map((record) => ({
    scope: record.scope,
    action: record.action,
    reason: record.reason ?? null,
    by: record.by ?? null,
  }))

describe('POST /get-all-users-except-admins', () => {
  it('should list every account but admins, searched and filtered, for admins only', async () => {
    const boss = await admin()
    const otherAdmin = await admin()
    const tag = unique()
    const found = await Promise.all(
      ['user', 'owner', 'storeOperator'].map((role) =>
        payload.create({
          collection: 'users',
          data: {
            username: `find${tag}${role.toLowerCase()}`,
            email: `find${tag}${role.toLowerCase()}@example.com`,
            displayName: `Findable ${tag} ${role}`,
            password: PASSWORD,
            role: role as 'user',
            status: 'verified',
            twoFactor: 'none',
            authProvider: 'email',
          },
        }),
      ),
    )
    const search = await call(boss, '/get-all-users-except-admins', { search: `find${tag}` })
    expect(search.status).toBe(200)
    expect(search.json.users.map((u: { id: number }) => u.id).sort()).toEqual(
      found.map((u) => u.id).sort(),
    )
    const byName = await call(boss, '/get-all-users-except-admins', {
      search: `Findable ${tag}`,
      role: 'owner',
    })
    expect(byName.json.users.map((u: { role: string }) => u.role)).toEqual(['owner'])
    const admins = await call(boss, '/get-all-users-except-admins', {
      search: otherAdmin.user.username,
    })
    expect(admins.json.users).toEqual([])
    expect(
      (await call(boss, '/get-all-users-except-admins', { role: 'admin' })).json.errors,
    ).toBeTruthy()
    // The list shows what an admin needs and no secret.
    const [shown] = search.json.users
    expect(Object.keys(shown)).not.toContain('hash')
    expect(JSON.stringify(search.json)).not.toMatch(/totp|salt|hash|sessions/i)

    const owner = await createMember({ payload, role: 'owner' })
    const user = await createMember({ payload })
    for (const member of [owner, user]) {
      const { status } = await call(member, '/get-all-users-except-admins', {})
      expect(status).toBe(403)
    }
    expect((await call(null, '/get-all-users-except-admins', {})).status).toBe(401)
  })

  it('should filter by state and page through the list', async () => {
    const boss = await admin()
    const target = await createMember({ payload })
    await block(boss, target, { scope: 'chat' })
    const chat = await call(boss, '/get-all-users-except-admins', {
      state: 'chatBlocked',
      search: target.user.username,
    })
    expect(chat.json.users.map((u: { id: number }) => u.id)).toEqual([target.user.id])
    expect(chat.json.users[0]).toMatchObject({ chat_blocked: true, blocked: false })
    const site = await call(boss, '/get-all-users-except-admins', {
      state: 'blocked',
      search: target.user.username,
    })
    expect(site.json.users).toEqual([])
    const second = await call(boss, '/get-all-users-except-admins', { page: 2 })
    expect(second.json.page).toBe(2)
    const bad = await call(boss, '/get-all-users-except-admins', { page: 'x', state: 'nope' })
    expect(bad.status).toBe(422)
  })
})

describe('POST /add-users', () => {
  it('should add an account an admin vouches for, which signs in at once', async () => {
    const boss = await admin()
    const id = unique()
    const fields = {
      login: `added${id}`,
      email: `added${id}@example.com`,
      password: 'added-pass',
      password_confirmation: 'added-pass',
      display_name: `Added ${id}`,
      role: 'owner',
    }
    const { status, json } = await call(boss, '/add-users', formData(fields))
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.user).toMatchObject({ login: fields.login, role: 'owner', status: 'verified' })
    expect(await signInToken({ login: fields.login, password: fields.password })).toBeTruthy()
    const again = await call(boss, '/add-users', formData(fields))
    expect(again.json.errors).toMatchObject({
      login: ['The login has already been taken.'],
      email: ['The email has already been taken.'],
    })
    const asAdmin = await call(boss, '/add-users', formData({ ...fields, role: 'admin' }))
    expect(asAdmin.status).toBe(422)
    const operator = await call(
      boss,
      '/add-users',
      formData({
        ...fields,
        login: `op${id}`,
        email: `op${id}@example.com`,
        display_name: `Op ${id}`,
        role: 'forumOperator',
      }),
    )
    expect(operator.json.errors).toEqual({ employer_id: ['This field is required.'] })
    const user = await createMember({ payload, role: 'owner' })
    expect((await call(user, '/add-users', formData(fields))).status).toBe(403)
  })
})

describe('POST /block-user', () => {
  it('should block at once: the open session gets “You are blocked.”, and the block is logged', async () => {
    const boss = await admin()
    const target = await createMember({ payload })
    const before = await rest('GET', '/get-user-by-id', { token: target.token })
    expect(before.status).toBe(200)
    const { status, json } = await block(boss, target)
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.user).toMatchObject({ blocked: true, block_reason: 'Spam in reviews' })
    const after = await rest('GET', '/get-user-by-id', { token: target.token, headers: english })
    expect([after.status, after.json.message]).toEqual([402, 'You are blocked.'])
    const login = await call(null, '/login', {
      login: target.user.username,
      password: PASSWORD,
    })
    expect([login.status, login.json.message]).toEqual([402, 'You are blocked.'])
    expect(await blocksOf(target.user.id)).toEqual([
      { scope: 'site', action: 'block', reason: 'Spam in reviews', by: boss.user.id },
    ])
    const unblocked = await block(boss, target, { blocked: 'false', reason: '' })
    expect(unblocked.json.user.blocked).toBe(false)
    expect(await signInToken({ login: target.user.username!, password: PASSWORD })).toBeTruthy()
    expect((await blocksOf(target.user.id)).map((r) => r.action)).toEqual(['block', 'unblock'])
  })

  it('should block in the chat only, leaving the site open', async () => {
    const boss = await admin()
    const target = await createMember({ payload })
    const { json } = await block(boss, target, { scope: 'chat', reason: 'Flooding the chat' })
    expect(json.user).toMatchObject({ chat_blocked: true, blocked: false })
    expect((await rest('GET', '/get-user-by-id', { token: target.token })).status).toBe(200)
    expect(await blocksOf(target.user.id)).toEqual([
      { scope: 'chat', action: 'block', reason: 'Flooding the chat', by: boss.user.id },
    ])
  })

  it('should ask why, and never block an admin or oneself', async () => {
    const boss = await admin()
    const target = await createMember({ payload })
    const noReason = await block(boss, target, { reason: '  ' })
    expect([noReason.status, noReason.json.errors]).toEqual([
      422,
      { reason: ['Give the reason for the block.'] },
    ])
    const otherAdmin = await admin()
    const adminBlocked = await block(boss, otherAdmin)
    expect([adminBlocked.status, adminBlocked.json.message]).toEqual([
      422,
      'Administrators cannot be blocked.',
    ])
    const self = await block(boss, boss)
    expect([self.status, self.json.message]).toEqual([422, 'You cannot block yourself.'])
    const missing = await call(
      boss,
      '/block-user',
      formData({ user_id: '2147483647', reason: 'x' }),
    )
    expect([missing.status, missing.json.message]).toEqual([404, 'User not found.'])
    for (const id of [target.user.id, otherAdmin.user.id, boss.user.id]) {
      const stored = await payload.findByID({ collection: 'users', id, depth: 0 })
      expect(stored.blocked).toBe(false)
      expect(await blocksOf(id)).toEqual([])
    }
  })

  it('should refuse everyone but admins', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const editor = await createMember({ payload, role: 'editor' })
    const target = await createMember({ payload })
    for (const member of [owner, editor, target]) {
      expect((await block(member, target)).status).toBe(403)
    }
    expect((await payload.findByID({ collection: 'users', id: target.user.id })).blocked).toBe(
      false,
    )
  })
})

describe('blocks through Payload’s own doors', () => {
  it('should hold the same rules and log the block when an admin ticks the box', async () => {
    const boss = await admin()
    const target = await createMember({ payload })
    const noReason = await rest('PATCH', `/users/${target.user.id}`, {
      token: boss.token,
      headers: english,
      body: { blocked: true },
    })
    expect(noReason.status).toBe(400)
    const done = await rest('PATCH', `/users/${target.user.id}`, {
      token: boss.token,
      body: { chatBlocked: true, blockReason: 'Insults' },
    })
    expect(done.status, JSON.stringify(done.json)).toBe(200)
    expect(await blocksOf(target.user.id)).toEqual([
      { scope: 'chat', action: 'block', reason: 'Insults', by: boss.user.id },
    ])
    const otherAdmin = await admin()
    const viaGraphql = await graphql(
      `mutation { updateUser(id: ${otherAdmin.user.id}, data: { blocked: true, blockReason: "x" }) { id } }`,
      { token: boss.token, headers: english },
    )
    expect(viaGraphql.json?.errors?.[0]?.message).toContain('blocked')
    const stored = await payload.findByID({ collection: 'users', id: otherAdmin.user.id })
    expect(stored.blocked).toBe(false)
  })

  it('should keep the block log for admins only, and nobody writes it', async () => {
    const boss = await admin()
    const target = await createMember({ payload })
    await block(boss, target)
    const owner = await createMember({ payload, role: 'owner' })
    expect((await rest('GET', '/user-blocks', { token: owner.token })).status).toBe(403)
    expect((await rest('GET', '/user-blocks', { token: target.token })).status).toBe(403)
    const listed = await rest('GET', `/user-blocks?where[user][equals]=${target.user.id}`, {
      token: boss.token,
    })
    expect(listed.json.totalDocs).toBe(1)
    const [record] = listed.json.docs
    expect(
      (
        await rest('POST', '/user-blocks', {
          token: boss.token,
          body: { user: target.user.id, scope: 'site', action: 'unblock' },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await rest('PATCH', `/user-blocks/${record.id}`, {
          token: boss.token,
          body: { reason: 'rewritten' },
        })
      ).status,
    ).toBe(403)
    expect((await rest('DELETE', `/user-blocks/${record.id}`, { token: boss.token })).status).toBe(
      403,
    )
    const viaGraphql = await graphql('{ UserBlocks { docs { id reason } } }', {
      token: owner.token,
    })
    expect(viaGraphql.json?.errors?.length).toBeTruthy()
    // A member cannot read a block's reason on their own account either.
    const chatOnly = await createMember({ payload })
    await block(boss, chatOnly, { scope: 'chat' })
    const own = await rest('GET', `/users/${chatOnly.user.id}`, { token: chatOnly.token })
    expect(own.json.chatBlocked).toBe(true)
    expect(own.json.blockReason).toBeUndefined()
  })

  it('should let an owner block nobody, employees included', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const employee = await createMember({ payload, role: 'storeOperator', employer: owner.user.id })
    await rest('PATCH', `/users/${employee.user.id}`, {
      token: owner.token,
      body: { blocked: true, chatBlocked: true, blockReason: 'mine' },
    })
    const stored = await payload.findByID({ collection: 'users', id: employee.user.id, depth: 0 })
    expect([stored.blocked, stored.chatBlocked]).toEqual([false, false])
  })
})

describe('an account deleted by an admin', () => {
  it('should go with its live sign-in codes, through REST', async () => {
    const moderator = await admin()
    const member = await createMember({ payload })
    await payload.create({
      collection: 'auth-challenges',
      data: {
        user: member.user.id,
        purpose: 'email-verification',
        method: 'email',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        attempts: 0,
      },
      overrideAccess: true,
    })
    const removed = await rest('DELETE', `/users/${member.user.id}`, { token: moderator.token })
    expect(removed.status, removed.text).toBe(200)
    const { totalDocs } = await payload.count({
      collection: 'auth-challenges',
      where: { user: { equals: member.user.id } },
      overrideAccess: true,
    })
    expect(totalDocs).toBe(0)
  })
})
