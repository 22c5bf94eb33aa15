import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { signInToken } from '../helpers/accounts'
import { createMember, createResource, unique } from '../helpers/directory'
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

const employeeFields = (overrides: Record<string, string> = {}) => {
  const id = unique()
  return {
    login: `staff${id}`,
    email: `staff${id}@example.com`,
    password: 'staff-pass',
    password_confirmation: 'staff-pass',
    display_name: `Staff ${id}`,
    role: 'storeOperator',
    ...overrides,
  }
}

const addEmployee = (owner: Member, overrides: Record<string, string> = {}) =>
  call(owner, '/add-employer', formData(employeeFields(overrides)))

/** An owner with a shop and a forum. */
const ownerWithResources = async () => {
  const owner = await createMember({ payload, role: 'owner' })
  const [shop, forum] = await Promise.all([
    createResource({ payload, owner: owner.user.id, type: 'shop' }),
    createResource({ payload, owner: owner.user.id, type: 'forum' }),
  ])
  return { owner, shop, forum }
}

/** Whether `token`'s holder may change a resource's summary through REST. */
const canEdit = async (token: string, resourceId: number) =>
  (
    await rest('PATCH', `/resources/${resourceId}`, {
      token,
      body: { anons: `Edited ${unique()}` },
    })
  ).status === 200

const countUsers = async (where: Record<string, unknown>) =>
  (await payload.count({ collection: 'users', where: where as never })).totalDocs

describe('POST /add-employer', () => {
  it('should add a Store Operator who signs in and edits the owner’s shop, not the forum', async () => {
    const { owner, shop, forum } = await ownerWithResources()
    const fields = employeeFields()
    const { status, json } = await call(owner, '/add-employer', formData(fields))
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.user).toMatchObject({
      login: fields.login,
      email: fields.email,
      display_name: fields.display_name,
      role: 'storeOperator',
      status: 'verified',
      employer: { id: owner.user.id },
    })
    const token = await signInToken({ login: fields.login, password: fields.password })
    expect(await canEdit(token, shop.id)).toBe(true)
    expect(await canEdit(token, forum.id)).toBe(false)
  })

  it('should name every wrong field on both tabs and add nobody', async () => {
    const { owner } = await ownerWithResources()
    const before = await countUsers({ employer: { equals: owner.user.id } })
    const empty = await call(owner, '/add-employer', formData({}))
    expect(empty.status).toBe(422)
    expect(Object.keys(empty.json.errors).sort()).toEqual(
      ['display_name', 'email', 'login', 'password', 'password_confirmation', 'role'].sort(),
    )
    const short = await addEmployee(owner, { password: 'abc', password_confirmation: 'abc' })
    expect(short.json.errors.password).toEqual(['Password must be more than 6 characters.'])
    const mismatch = await addEmployee(owner, { password_confirmation: 'other-pass' })
    expect(mismatch.json.errors.password_confirmation).toEqual(['The passwords do not match.'])
    const taken = await addEmployee(owner, { login: owner.user.username!, email: owner.user.email })
    expect(taken.json.errors).toMatchObject({
      login: ['The login has already been taken.'],
      email: ['The email has already been taken.'],
    })
    for (const role of ['admin', 'owner', 'user', 'editor']) {
      const wrong = await addEmployee(owner, { role })
      expect([wrong.status, wrong.json.errors.role]).toEqual([
        422,
        ['Choose an employee role: Marketplace, Store or Forum Operator.'],
      ])
    }
    expect(await countUsers({ employer: { equals: owner.user.id } })).toBe(before)
  })

  it('should refuse a guest, a plain user and an operator', async () => {
    const { owner } = await ownerWithResources()
    const operator = (await addEmployee(owner)).json.user
    const operatorMember = {
      user: operator,
      token: await signInToken({ login: operator.login, password: 'staff-pass' }),
    } as unknown as Member
    const user = await createMember({ payload })
    expect((await call(null, '/add-employer', formData(employeeFields()))).status).toBe(401)
    for (const member of [user, operatorMember]) {
      const { status, json } = await call(member, '/add-employer', formData(employeeFields()))
      expect([status, json.message]).toEqual([403, 'You do not have permission to do this.'])
    }
  })

  it('should let an admin add an employee for a named owner, and only an owner', async () => {
    const { owner } = await ownerWithResources()
    const admin = await createMember({ payload, role: 'admin' })
    const missing = await call(admin, '/add-employer', formData(employeeFields()))
    expect(missing.json.errors).toEqual({ employer_id: ['This field is required.'] })
    const user = await createMember({ payload })
    const notOwner = await call(
      admin,
      '/add-employer',
      formData(employeeFields({ employer_id: String(user.user.id) })),
    )
    expect(notOwner.json.errors).toEqual({
      employer_id: ['The employer must be a resource owner.'],
    })
    const done = await call(
      admin,
      '/add-employer',
      formData(employeeFields({ employer_id: String(owner.user.id) })),
    )
    expect(done.json.user.employer).toMatchObject({ id: owner.user.id })
  })
})

describe('an owner’s employees', () => {
  it('should list only the owner’s own employees; admins see every operator', async () => {
    const { owner } = await ownerWithResources()
    const { owner: other } = await ownerWithResources()
    const mine = (await addEmployee(owner)).json.user
    const theirs = (await addEmployee(other, { role: 'forumOperator' })).json.user
    const list = await call(owner, '/get-all-employers', {})
    expect(list.status).toBe(200)
    expect(list.json.users.map((u: { id: number }) => u.id)).toEqual([mine.id])
    expect(list.json.total).toBe(1)
    const admin = await createMember({ payload, role: 'admin' })
    const all = await call(admin, '/get-all-employers', { employer_id: other.user.id })
    expect(all.json.users.map((u: { id: number }) => u.id)).toEqual([theirs.id])
    const user = await createMember({ payload })
    expect((await call(user, '/get-all-employers', {})).status).toBe(403)
  })

  it('should change an employee’s role at once, their open session included', async () => {
    const { owner, shop, forum } = await ownerWithResources()
    const fields = employeeFields()
    const employee = (await call(owner, '/add-employer', formData(fields))).json.user
    const token = await signInToken({ login: fields.login, password: fields.password })
    expect(await canEdit(token, shop.id)).toBe(true)
    const changed = await call(
      owner,
      '/update-employer',
      formData({
        user_id: String(employee.id),
        role: 'forumOperator',
        display_name: 'Forum staff' + unique(),
      }),
    )
    expect(changed.status, JSON.stringify(changed.json)).toBe(200)
    expect(changed.json.user.role).toBe('forumOperator')
    expect(await canEdit(token, shop.id)).toBe(false)
    expect(await canEdit(token, forum.id)).toBe(true)
    // The once-a-month limit is the employee's own; their owner may rename them again.
    const renamed = await call(
      owner,
      '/update-employer',
      formData({ user_id: String(employee.id), display_name: `Renamed ${unique()}` }),
    )
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200)
  })

  it('should let the owner set a new password of at least 6 characters', async () => {
    const { owner } = await ownerWithResources()
    const fields = employeeFields()
    const employee = (await call(owner, '/add-employer', formData(fields))).json.user
    const short = await call(
      owner,
      '/update-employer',
      formData({ user_id: String(employee.id), password: 'abc', password_confirmation: 'abc' }),
    )
    expect(short.json.errors.password).toEqual(['Password must be more than 6 characters.'])
    // The collection holds the minimum on Payload's own door too.
    const direct = await rest('PATCH', `/users/${employee.id}`, {
      token: owner.token,
      headers: english,
      body: { password: 'abc' },
    })
    expect(direct.status).toBe(400)
    const done = await call(
      owner,
      '/update-employer',
      formData({
        user_id: String(employee.id),
        password: 'new-pass',
        password_confirmation: 'new-pass',
      }),
    )
    expect(done.status).toBe(200)
    expect(await signInToken({ login: fields.login, password: 'new-pass' })).toBeTruthy()
  })

  it('should let an employee go at once: the open session loses the shop, the account stays', async () => {
    const { owner, shop } = await ownerWithResources()
    const fields = employeeFields()
    const employee = (await call(owner, '/add-employer', formData(fields))).json.user
    const token = await signInToken({ login: fields.login, password: fields.password })
    expect(await canEdit(token, shop.id)).toBe(true)
    const removed = await call(owner, '/delete-employer', { user_id: employee.id })
    expect(removed.status).toBe(200)
    expect(await canEdit(token, shop.id)).toBe(false)
    const stored = await payload.findByID({ collection: 'users', id: employee.id, depth: 0 })
    expect([stored.role, stored.employer ?? null]).toEqual(['user', null])
    expect((await call(owner, '/get-all-employers', {})).json.total).toBe(0)
  })

  it('should not let one owner see, change or remove another owner’s employee, by any door', async () => {
    const { owner } = await ownerWithResources()
    const { owner: stranger } = await ownerWithResources()
    const employee = (await addEmployee(owner)).json.user
    const id = String(employee.id)
    for (const [path, body] of [
      ['/update-employer', formData({ user_id: id, display_name: 'Hijacked' })],
      ['/delete-employer', { user_id: employee.id }],
    ] as const) {
      const { status, json } = await call(stranger, path, body)
      expect([status, json.message]).toEqual([404, 'User not found.'])
    }
    expect((await rest('GET', `/users/${id}`, { token: stranger.token })).status).toBe(404)
    const patched = await rest('PATCH', `/users/${id}`, {
      token: stranger.token,
      body: { displayName: 'Hijacked' },
    })
    expect(patched.status).toBe(403)
    const listed = await rest('GET', `/users?where[employer][equals]=${owner.user.id}`, {
      token: stranger.token,
    })
    expect(listed.json.docs).toEqual([])
    const viaGraphql = await graphql(`{ User(id: ${id}) { id email } }`, { token: stranger.token })
    expect(viaGraphql.json?.data?.User ?? null).toBeNull()
    const stored = await payload.findByID({ collection: 'users', id: employee.id, depth: 0 })
    expect([stored.displayName, stored.role]).toEqual([employee.display_name, 'storeOperator'])
  })

  it('should hold an owner to employees on Payload’s own doors', async () => {
    const { owner } = await ownerWithResources()
    const { owner: other } = await ownerWithResources()
    const id = unique()
    const account = {
      username: `rest${id}`,
      email: `rest${id}@example.com`,
      password: 'rest-pass',
      displayName: `Rest ${id}`,
    }
    // No admin, no owner, no plain user made through REST by an owner.
    for (const role of ['admin', 'owner', 'user']) {
      const { status } = await rest('POST', '/users', {
        token: owner.token,
        headers: english,
        body: { ...account, role },
      })
      expect(status).toBe(400)
    }
    // An employee of someone else becomes the owner's own.
    const made = await rest('POST', '/users', {
      token: owner.token,
      body: { ...account, role: 'storeOperator', employer: other.user.id, blocked: true },
    })
    expect(made.status, JSON.stringify(made.json)).toBe(201)
    const stored = await payload.findByID({ collection: 'users', id: made.json.doc.id, depth: 0 })
    expect([stored.employer, stored.blocked]).toEqual([owner.user.id, false])
    // An employee is never promoted, and the owner never changes their own role.
    const promoted = await rest('PATCH', `/users/${stored.id}`, {
      token: owner.token,
      headers: english,
      body: { role: 'admin' },
    })
    expect(promoted.status).toBe(400)
    await rest('PATCH', `/users/${owner.user.id}`, {
      token: owner.token,
      body: { role: 'admin', employer: other.user.id },
    })
    const self = await payload.findByID({ collection: 'users', id: owner.user.id, depth: 0 })
    expect([self.role, self.employer ?? null]).toEqual(['owner', null])
  })
})
