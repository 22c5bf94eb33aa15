import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MAX_LOGIN_ATTEMPTS, RATE_LIMITS } from '@/lib/limits'
import { PEER_ADDRESS_HEADER } from '@/lib/peerAddress'
import { seed } from '@/seed'
import { DEMO_PASSWORD } from '@/seed/users'

import { codeFrom, createVerifiedAccount, signInToken } from '../helpers/accounts'
import { mailsTo, waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload
let adminToken: string

const english = { 'Accept-Language': 'en' }

/** Headers of requests that all come from one client address. */
let addressCounter = 0
const oneAddress = () => {
  addressCounter += 1
  return { [PEER_ADDRESS_HEADER]: `2001:db8:ad::${addressCounter}` }
}

/** One wrong sign-in try through each door in turn: the site's call, Payload's REST, GraphQL. */
const DOORS = {
  site: (login: string, password: string, headers: Record<string, string>) =>
    rest('POST', '/login', { body: { login, password }, headers }).then((r) => r.status),
  rest: (login: string, password: string, headers: Record<string, string>) =>
    rest('POST', '/users/login', { body: { username: login, password }, headers }).then(
      (r) => r.status,
    ),
  graphql: (login: string, password: string, headers: Record<string, string>) =>
    graphql(
      // Payload's GraphQL asks for both: the username is tried first.
      `
        mutation ($u: String!, $p: String!) {
          loginUser(username: $u, email: $u, password: $p) {
            token
          }
        }
      `,
      { variables: { u: login, p: password }, headers },
    ).then((r) => (r.json?.data?.loginUser ? 200 : 401)),
}

/** The next message to `to` after the `seen` it already has. */
const nextMail = async (to: string, seen: number) => {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const mail = (await mailsTo(to))[seen]
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`No new mail to ${to}`)
}

beforeAll(async () => {
  payload = await startPayload()
  await seed({ payload })
  const { json } = await rest('POST', '/users/login', {
    body: { username: 'admin', password: DEMO_PASSWORD },
  })
  adminToken = json.token
})

afterAll(releasePayload)

describe('unlocking an account', () => {
  it('should refuse a member who unlocks someone else, through REST and GraphQL', async () => {
    const victim = await createVerifiedAccount()
    const attacker = await createVerifiedAccount()
    const token = await signInToken(attacker)
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i += 1) {
      await rest('POST', '/users/login', { body: { username: victim.login, password: 'wrong!' } })
    }
    const viaRest = await rest('POST', '/users/unlock', { body: { email: victim.email }, token })
    expect(viaRest.status).toBe(403)
    const viaGraphql = await graphql(
      'mutation ($e: String!, $u: String!) { unlockUser(email: $e, username: $u) }',
      {
        variables: { e: victim.email, u: victim.login },
        token,
      },
    )
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    const signIn = await rest('POST', '/users/login', {
      body: { username: victim.login, password: victim.password },
    })
    expect(signIn.status).not.toBe(200)
  })

  it('should let an admin unlock an account', async () => {
    const member = await createVerifiedAccount()
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i += 1) {
      await rest('POST', '/users/login', { body: { username: member.login, password: 'wrong!' } })
    }
    const { status } = await rest('POST', '/users/unlock', {
      body: { email: member.email },
      token: adminToken,
    })
    expect(status).toBe(200)
    const signIn = await rest('POST', '/login', {
      body: { login: member.login, password: member.password },
    })
    expect(signIn.status).toBe(200)
  })
})

describe('sign-in limits shared by every door', () => {
  it('should lock an account after wrong passwords spread over the three doors', async () => {
    const member = await createVerifiedAccount()
    const doors = [DOORS.site, DOORS.rest, DOORS.graphql, DOORS.site, DOORS.rest]
    for (const tryDoor of doors) await tryDoor(member.login, 'not-the-password', oneAddress())
    for (const tryDoor of Object.values(DOORS)) {
      expect(await tryDoor(member.login, member.password, oneAddress())).not.toBe(200)
    }
  })

  it('should stop one address guessing across accounts, whatever door it uses', async () => {
    const headers = oneAddress()
    const doors = Object.values(DOORS)
    for (let i = 0; i < RATE_LIMITS.loginPerAddress.points; i += 1) {
      await doors[i % doors.length](`nobody-${i}`, 'guess-guess', headers)
    }
    const member = await createVerifiedAccount()
    for (const tryDoor of Object.values(DOORS)) {
      expect(await tryDoor(member.login, member.password, headers)).not.toBe(200)
    }
    const { status, json } = await rest('POST', '/login', {
      body: { login: member.login, password: member.password },
      headers: { ...headers, ...english },
    })
    expect([status, json.message]).toEqual([429, 'Too many attempts. Try again in a few minutes.'])
  })
})

describe('sign-in answers tell nobody which accounts exist', () => {
  const answer = async (path: string, body: Record<string, string>) => {
    const { status, json } = await rest('POST', path, { body, headers: english })
    return { status, message: json.message ?? json.errors?.[0]?.message }
  }

  it('should answer a wrong password and an unknown login alike, on both doors', async () => {
    const member = await createVerifiedAccount()
    const unknown = `nobody${Date.now()}`
    expect(await answer('/users/login', { username: member.login, password: 'wrong-one' })).toEqual(
      await answer('/users/login', { username: unknown, password: 'wrong-one' }),
    )
    expect(await answer('/users/login', { email: member.email, password: 'wrong-one' })).toEqual(
      await answer('/users/login', { email: `${unknown}@example.com`, password: 'x-y-z' }),
    )
    expect(await answer('/login', { login: member.login, password: 'wrong-one' })).toEqual(
      await answer('/login', { login: unknown, password: 'wrong-one' }),
    )
  })

  it('should lock an unknown login after as many tries as a real one', async () => {
    const member = await createVerifiedAccount()
    const unknown = `nobody${Date.now()}`
    const known: unknown[] = []
    const missing: unknown[] = []
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS + 1; i += 1) {
      known.push(await answer('/users/login', { username: member.login, password: 'wrong-one' }))
      missing.push(await answer('/users/login', { username: unknown, password: 'wrong-one' }))
    }
    expect(missing).toEqual(known)
  })
})

describe('changing a password through Payload’s doors', () => {
  it('should refuse a member’s new password without the current one (REST, GraphQL)', async () => {
    const member = await createVerifiedAccount()
    const token = await signInToken(member)
    const bare = await rest('PATCH', `/users/${member.userId}`, {
      body: { password: 'taken-over' },
      token,
      headers: english,
    })
    expect([bare.status, bare.json.errors[0].data.errors[0].message]).toEqual([
      400,
      'Enter your current password to change it.',
    ])
    const wrong = await rest('PATCH', `/users/${member.userId}`, {
      body: { password: 'taken-over', currentPassword: 'not-it' },
      token,
      headers: english,
    })
    expect([wrong.status, wrong.json.errors[0].data.errors[0].message]).toEqual([
      400,
      'The current password is incorrect',
    ])
    const viaGraphql = await graphql(
      `mutation { updateUser(id: ${member.userId}, data: { password: "taken-over" }) { id } }`,
      { token },
    )
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    const signIn = await rest('POST', '/login', {
      body: { login: member.login, password: 'taken-over' },
    })
    expect(signIn.status).toBe(422)
  })

  it('should change it with the current password, and let an admin set anyone’s', async () => {
    const member = await createVerifiedAccount()
    const token = await signInToken(member)
    const own = await rest('PATCH', `/users/${member.userId}`, {
      body: { password: 'second-pass', currentPassword: member.password },
      token,
    })
    expect(own.status).toBe(200)
    await signInToken({ login: member.login, password: 'second-pass' })
    const byAdmin = await rest('PATCH', `/users/${member.userId}`, {
      body: { password: 'third-pass' },
      token: adminToken,
    })
    expect(byAdmin.status).toBe(200)
    await signInToken({ login: member.login, password: 'third-pass' })
  })

  it('should hold the 6-character minimum on every door', async () => {
    const member = await createVerifiedAccount()
    const byAdmin = await rest('PATCH', `/users/${member.userId}`, {
      body: { password: '12345' },
      token: adminToken,
      headers: english,
    })
    expect(byAdmin.status).toBe(400)
    const created = await rest('POST', '/users', {
      body: {
        username: `short${Date.now()}`,
        email: `short${Date.now()}@example.com`,
        displayName: `Short ${Date.now()}`,
        password: '123',
      },
      token: adminToken,
    })
    expect(created.status).toBe(400)
    const seen = (await mailsTo(member.email)).length
    await rest('POST', '/forget-password', { body: { email: member.email } })
    const link = (await nextMail(member.email, seen)).html
    const token = link.match(/password-reset\/([^"<\s]+)/)?.[1]
    expect(token).toBeTruthy()
    const reset = await rest('POST', '/users/reset-password', {
      body: { token, password: '123' },
    })
    expect(reset.status).toBe(400)
    const badLogin = await rest('POST', '/users', {
      body: {
        username: 'no spaces allowed!',
        email: `pattern${Date.now()}@example.com`,
        displayName: `Pattern ${Date.now()}`,
        password: 'long-enough',
      },
      token: adminToken,
    })
    expect(badLogin.status).toBe(400)
  })
})

describe('changing an email', () => {
  it('should refuse a member’s direct change through REST and GraphQL', async () => {
    const member = await createVerifiedAccount()
    const token = await signInToken(member)
    const viaRest = await rest('PATCH', `/users/${member.userId}`, {
      body: { email: `elsewhere${Date.now()}@example.com`, currentPassword: member.password },
      token,
    })
    expect(viaRest.status).toBe(400)
    const viaGraphql = await graphql(
      `mutation { updateUser(id: ${member.userId}, data: { email: "x${Date.now()}@example.com" }) { id } }`,
      { token },
    )
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    const stored = await payload.findByID({ collection: 'users', id: member.userId })
    expect([stored.email, stored.status]).toEqual([member.email, 'verified'])
  })

  it('should change it once the new address confirms, and tell the old one', async () => {
    const member = await createVerifiedAccount()
    const token = await signInToken(member)
    const newEmail = `moved${Date.now()}@example.com`
    const wrongPassword = await rest('POST', '/change-email', {
      body: { email: newEmail, current_password: 'not-it' },
      token,
    })
    expect(wrongPassword.status).toBe(422)
    const asked = await rest('POST', '/change-email', {
      body: { email: newEmail, current_password: member.password },
      token,
    })
    expect(asked.status).toBe(200)
    const seen = (await mailsTo(member.email)).length
    const code = codeFrom((await waitForMail({ to: newEmail })).text)
    const unchanged = await payload.findByID({ collection: 'users', id: member.userId })
    expect(unchanged.email).toBe(member.email)

    const wrongCode = await rest('POST', '/confirm-email-change', {
      body: { code: code === '000000' ? '111111' : '000000' },
      token,
    })
    expect(wrongCode.status).toBe(422)
    const confirmed = await rest('POST', '/confirm-email-change', { body: { code }, token })
    expect([confirmed.status, confirmed.json.user.email]).toEqual([200, newEmail])
    expect((await nextMail(member.email, seen)).text).toContain(newEmail)
    await signInToken({ login: newEmail, password: member.password })
  })

  it('should refuse an address another account has', async () => {
    const member = await createVerifiedAccount()
    const other = await createVerifiedAccount()
    const token = await signInToken(member)
    const { status, json } = await rest('POST', '/change-email', {
      body: { email: other.email, current_password: member.password },
      token,
      headers: english,
    })
    expect([status, json.errors.email[0]]).toEqual([422, 'The email has already been taken.'])
  })

  it('should let an admin change it and tell the old address', async () => {
    const member = await createVerifiedAccount()
    const newEmail = `admin-set${Date.now()}@example.com`
    const seen = (await mailsTo(member.email)).length
    const { status } = await rest('PATCH', `/users/${member.userId}`, {
      body: { email: newEmail },
      token: adminToken,
    })
    expect(status).toBe(200)
    expect((await nextMail(member.email, seen)).text).toContain(newEmail)
  })
  it('should tell the old address nothing when a write reads back no email', async () => {
    const member = await createVerifiedAccount()
    const seen = (await mailsTo(member.email)).length
    // A server write that reads back only the name: the email is not in the document it gets.
    await payload.update({
      collection: 'users',
      id: member.userId,
      data: { name: 'Renamed by the server' },
      select: { name: true },
      overrideAccess: true,
    })
    const newEmail = `after-select${Date.now()}@example.com`
    await rest('PATCH', `/users/${member.userId}`, { body: { email: newEmail }, token: adminToken })
    // The one mail the old address gets is the real change's, queued after the first write.
    expect((await nextMail(member.email, seen)).text).toContain(newEmail)
    expect((await mailsTo(member.email)).length).toBe(seen + 1)
  })
})

describe('a member’s own account through REST', () => {
  it('should refuse values that are no text and keep the server’s dates', async () => {
    const member = await createVerifiedAccount()
    const token = await signInToken(member)
    const before = await payload.findByID({ collection: 'users', id: member.userId })
    const list = await rest('PATCH', `/users/${member.userId}`, {
      body: { phone: ['a'], name: { x: 1 } },
      token,
    })
    expect(list.status).toBe(400)
    const dated = await rest('PATCH', `/users/${member.userId}`, {
      body: { createdAt: '2001-01-01T00:00:00.000Z', phone: '+7 900' },
      token,
    })
    expect(dated.status).toBe(200)
    const after = await payload.findByID({ collection: 'users', id: member.userId })
    expect([after.phone, after.createdAt]).toEqual(['+7 900', before.createdAt])
  })
})
