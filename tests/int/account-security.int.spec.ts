import { sql } from 'drizzle-orm'
import { createLocalReq, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { redeemBackupCode } from '@/server/accountSecurity/backupCodes'
import { forgetTouches } from '@/server/accountSecurity/sessions'
import { SESSION_DETAILS_DAYS } from '@/server/cleanUp'
import { deleteOldSessionDetails } from '@/server/sql/accountSecurity'
import { runSql } from '@/server/sql/run'

import { cookiesFrom } from '../helpers/accounts'
import { createMember, PASSWORD } from '../helpers/directory'
import { mailsTo } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'
import { oathtoolCode } from '../helpers/secondFactor'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

const signIn = async (login: string, userAgent = FIREFOX, password = PASSWORD) => {
  const { status, json } = await rest('POST', '/login', {
    body: { login, password },
    headers: { 'user-agent': userAgent },
  })
  expect(status).toBe(200)
  return json.user.token as string
}

const meOnRest = async (token: string) =>
  (await rest('GET', '/users/me', { token })).json?.user?.id ?? null

const meOnGraphql = async (token: string) =>
  ((await graphql('{ meUser { user { id } } }', { token })).json as GraphqlMe | null)?.data?.meUser
    ?.user?.id ?? null

type GraphqlMe = { data?: { meUser?: { user?: { id: number } | null } } }

const sessionsOf = async (token: string) => {
  const { status, json } = await rest('GET', '/account-sessions', { token })
  return { status, sessions: (json?.sessions ?? []) as Record<string, unknown>[] }
}

const eventsOf = async (userId: number) =>
  (
    await payload.find({
      collection: 'security-events',
      where: { user: { equals: userId } },
      sort: 'createdAt',
      limit: 100,
      depth: 0,
    })
  ).docs

const kindsOf = async (userId: number) => (await eventsOf(userId)).map((event) => event.kind)

/** A member with the authenticator app turned on; returns its secret. */
const withAuthenticator = async (locale?: 'ru' | 'en') => {
  const member = await createMember({ payload })
  if (locale) await payload.update({ collection: 'users', id: member.user.id, data: { locale } })
  const { json } = await rest('GET', '/generate-qr-code', { token: member.token })
  await rest('POST', '/verify-otp-settings', {
    token: member.token,
    body: { code: oathtoolCode({ secret: json.secret }) },
  })
  return { ...member, login: member.user.username!, secret: json.secret as string }
}

/** Starts the browser's sign-in: the password, then the second step is pending. */
const startSignIn = async (login: string) => {
  const first = await rest('POST', '/login', {
    body: { login, password: PASSWORD },
    headers: { 'user-agent': FIREFOX },
  })
  expect(first.json.auth).toBe('google')
  return cookiesFrom(first.headers)
}

const secondStep = (userId: number, cookie: string, code: string, backup = true) =>
  rest('POST', '/verify-otp-login', {
    body: { user_id: userId, code, ...(backup ? { backup_code: true } : {}) },
    headers: { cookie, 'user-agent': FIREFOX, 'Accept-Language': 'en' },
  })

const generateCodes = async (token: string, password = PASSWORD) =>
  rest('POST', '/generate-backup-codes', { token, body: { current_password: password } })

describe('sessions', () => {
  it('should list each session with its device, address and times, this one marked', async () => {
    const { user } = await createMember({ payload })
    const first = await signIn(user.username!, FIREFOX)
    await signIn(user.username!, SAFARI_PHONE)
    const { status, sessions } = await sessionsOf(first)
    expect(status).toBe(200)
    const firefox = sessions.find((session) => session.browser === 'Firefox 128')
    const safari = sessions.find((session) => session.browser === 'Mobile Safari 17')
    expect(firefox).toMatchObject({ current: true, os: 'Windows 10', device_type: 'desktop' })
    expect(safari).toMatchObject({ current: false, os: 'iOS 17.5', device_type: 'mobile' })
    expect(firefox?.address).toMatch(/^198\.18\./)
    for (const session of [firefox, safari]) {
      expect(Date.parse(String(session?.first_seen))).toBeGreaterThan(Date.now() - 60_000)
      expect(Date.parse(String(session?.last_seen))).toBeGreaterThan(Date.now() - 60_000)
    }
    expect(sessions[0]).toBe(firefox)
  })

  it('should refuse an ended session’s token at once on REST, GraphQL and the site’s calls', async () => {
    const { user } = await createMember({ payload })
    const mine = await signIn(user.username!)
    const other = await signIn(user.username!, SAFARI_PHONE)
    expect([await meOnRest(other), await meOnGraphql(other)]).toEqual([user.id, user.id])
    const target = (await sessionsOf(mine)).sessions.find((session) => !session.current)
    const ended = await rest('POST', '/end-session', {
      token: mine,
      body: { session_id: target?.id },
    })
    expect([ended.status, ended.json.ended]).toEqual([200, 1])
    expect(await meOnRest(other)).toBeNull()
    expect(await meOnGraphql(other)).toBeNull()
    expect((await sessionsOf(other)).status).toBe(401)
    // The session that ended the other one goes on.
    expect(await meOnRest(mine)).toBe(user.id)
    const left = (await sessionsOf(mine)).sessions.map((session) => session.id)
    expect(left).not.toContain(target?.id)
    expect(left).toHaveLength(1 + 1) // this one and createMember's own sign-in
  })

  it('should write "last seen" on use, at most every few minutes', async () => {
    const { user } = await createMember({ payload })
    const token = await signIn(user.username!)
    const sid = (await sessionsOf(token)).sessions.find((session) => session.current)?.id
    const lastSeen = async () =>
      (await payload.find({ collection: 'session-details', where: { sid: { equals: sid } } }))
        .docs[0].lastSeenAt
    const backdate = (minutes: number) =>
      runSql({
        payload,
        query: sql`UPDATE session_details SET last_seen_at = now() - make_interval(mins => ${minutes})
                   WHERE sid = ${sid}`,
      })
    // Two minutes old: within the interval, nothing is written.
    await backdate(2)
    const recent = await lastSeen()
    forgetTouches()
    await meOnRest(token)
    expect(await lastSeen()).toBe(recent)
    // Ten minutes old: the next use (a page's account menu, a site call) writes it.
    await backdate(10)
    forgetTouches()
    await meOnRest(token)
    expect(Date.parse(String(await lastSeen()))).toBeGreaterThan(Date.now() - 60_000)
    await backdate(10)
    forgetTouches()
    await sessionsOf(token)
    expect(Date.parse(String(await lastSeen()))).toBeGreaterThan(Date.now() - 60_000)
  })

  it('should forget the details of sessions ended long ago, and only those', async () => {
    const { user } = await createMember({ payload })
    const live = await signIn(user.username!)
    const ended = await signIn(user.username!, SAFARI_PHONE)
    const ids = (await sessionsOf(live)).sessions
    const liveId = ids.find((session) => session.current)?.id
    const endedId = ids.find((session) => session.browser === 'Mobile Safari 17')?.id
    await rest('POST', '/end-session', { token: live, body: { session_id: endedId } })
    expect(await meOnRest(ended)).toBeNull()
    await runSql({
      payload,
      query: sql`UPDATE session_details
                 SET last_seen_at = now() - make_interval(days => ${SESSION_DETAILS_DAYS + 1})
                 WHERE user_id = ${user.id}`,
    })
    await deleteOldSessionDetails(payload, { days: SESSION_DETAILS_DAYS })
    const { docs } = await payload.find({
      collection: 'session-details',
      where: { user: { equals: user.id } },
    })
    const left = docs.map((doc) => doc.sid)
    expect(left).toContain(liveId)
    expect(left).not.toContain(endedId)
  })

  it('should refuse to end the current session by this call, and an unknown one', async () => {
    const { user } = await createMember({ payload })
    const token = await signIn(user.username!)
    const current = (await sessionsOf(token)).sessions[0]
    const self = await rest('POST', '/end-session', {
      token,
      body: { session_id: current.id },
      headers: { 'Accept-Language': 'en' },
    })
    expect(self.status).toBe(409)
    const unknown = await rest('POST', '/end-session', { token, body: { session_id: 'nope' } })
    expect(unknown.status).toBe(404)
    const guest = await rest('POST', '/end-session', { body: { session_id: 'nope' } })
    expect(guest.status).toBe(401)
  })

  it('should never let a user end or see another account’s session, by any door', async () => {
    const victim = await createMember({ payload })
    const victimToken = await signIn(victim.user.username!)
    const victimSession = (await sessionsOf(victimToken)).sessions[0]
    const intruder = await createMember({ payload })
    const site = await rest('POST', '/end-session', {
      token: intruder.token,
      body: { session_id: victimSession.id },
    })
    expect(site.status).toBe(404)
    const patched = await rest('PATCH', `/users/${victim.user.id}`, {
      token: intruder.token,
      body: { sessions: [] },
    })
    expect(patched.status).toBe(403)
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          updateUser(id: $id, data: { displayName: "Mine now" }) {
            id
          }
        }
      `,
      { token: intruder.token, variables: { id: victim.user.id } },
    )
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    // Even on one's own account Payload's doors do not write the sessions.
    await rest('PATCH', `/users/${intruder.user.id}`, {
      token: intruder.token,
      body: { sessions: [] },
    })
    expect(await meOnRest(intruder.token)).toBe(intruder.user.id)
    // The details are the victim's to read, nobody's to write.
    const row = (
      await payload.find({
        collection: 'session-details',
        where: { sid: { equals: victimSession.id } },
        depth: 0,
      })
    ).docs[0]
    expect(row).toBeTruthy()
    // Not found, as a row of another's is to anyone who may not read it.
    expect([403, 404]).toContain(
      (await rest('GET', `/session-details/${row.id}`, { token: intruder.token })).status,
    )
    const listed = await rest('GET', '/session-details', { token: intruder.token })
    expect(listed.json.docs.map((doc: { id: number }) => doc.id)).not.toContain(row.id)
    for (const token of [intruder.token, victimToken]) {
      expect((await rest('DELETE', `/session-details/${row.id}`, { token })).status).toBe(403)
      expect(
        (await rest('PATCH', `/session-details/${row.id}`, { token, body: { address: 'x' } }))
          .status,
      ).toBe(403)
    }
    const deleted = await graphql(
      `
        mutation ($id: Int!) {
          deleteSessionDetail(id: $id) {
            id
          }
        }
      `,
      { token: victimToken, variables: { id: row.id } },
    )
    expect(deleted.json?.errors?.length).toBeGreaterThan(0)
    expect(await meOnRest(victimToken)).toBe(victim.user.id)
  })

  it('should end every other session and keep the current one', async () => {
    const { user } = await createMember({ payload })
    const [mine, second, third] = [
      await signIn(user.username!),
      await signIn(user.username!, SAFARI_PHONE),
      await signIn(user.username!),
    ]
    const { status, json } = await rest('POST', '/end-other-sessions', { token: mine })
    // createMember's own sign-in is one more.
    expect([status, json.ended]).toEqual([200, 3])
    expect(await meOnRest(mine)).toBe(user.id)
    expect([await meOnRest(second), await meOnRest(third)]).toEqual([null, null])
    expect(await meOnGraphql(third)).toBeNull()
    const { sessions } = await sessionsOf(mine)
    expect(sessions.map((session) => session.current)).toEqual([true])
    expect(await kindsOf(user.id)).toContain('sessions-ended')
  })
})

describe('the security log', () => {
  it('should record sign-ins, failures, changes and new browsers, with address and device', async () => {
    const { user } = await createMember({ payload })
    await signIn(user.username!, FIREFOX)
    const wrong = await rest('POST', '/login', {
      body: { login: user.username!, password: 'not-the-password' },
      headers: { 'user-agent': FIREFOX },
    })
    expect(wrong.status).toBe(422)
    const payloadDoor = await rest('POST', '/users/login', {
      body: { username: user.username!, password: 'not-the-password' },
    })
    expect(payloadDoor.status).toBe(401)
    const graphqlDoor = await graphql(
      `
        mutation ($login: String!) {
          loginUser(username: $login, email: $login, password: "not-the-password") {
            token
          }
        }
      `,
      { variables: { login: user.username } },
    )
    expect(graphqlDoor.json?.errors?.length).toBeGreaterThan(0)
    const token = await signIn(user.username!, SAFARI_PHONE)
    const changed = await rest('POST', '/change-password', {
      token,
      body: {
        current_password: PASSWORD,
        password: 'another-pass',
        password_confirmation: 'another-pass',
      },
    })
    expect(changed.status).toBe(200)
    const events = await eventsOf(user.id)
    const kinds = events.map((event) => event.kind)
    expect(kinds.filter((kind) => kind === 'sign-in')).toHaveLength(3)
    // The site's form, Payload's REST login and GraphQL's loginUser.
    expect(kinds.filter((kind) => kind === 'sign-in-failed')).toHaveLength(3)
    // createMember signed in without a User-Agent; Firefox and the phone are new after it.
    expect(kinds.filter((kind) => kind === 'new-browser')).toHaveLength(2)
    expect(kinds).toContain('password-changed')
    const failure = events.find((event) => event.kind === 'sign-in-failed')
    expect(failure?.address).toMatch(/^198\.18\./)
    expect(failure?.device).toBe('Firefox 128, Windows 10')
  })

  it('should not call a browser new when the account knows it', async () => {
    const { user } = await createMember({ payload })
    await signIn(user.username!, FIREFOX)
    await signIn(user.username!, FIREFOX.replace('128.0', '129.0'))
    expect((await kindsOf(user.id)).filter((kind) => kind === 'new-browser')).toHaveLength(1)
  })

  it('should record the second factor turned on and off, and the email changed', async () => {
    const member = await withAuthenticator()
    await rest('POST', '/unplug-google', {
      token: member.token,
      body: { code: oathtoolCode({ secret: member.secret, offsetSeconds: 30 }) },
    })
    await payload.update({
      collection: 'users',
      id: member.user.id,
      data: { email: `changed${member.user.id}@example.com` },
    })
    const kinds = await kindsOf(member.user.id)
    expect(kinds).toEqual(
      expect.arrayContaining(['second-factor-on', 'second-factor-off', 'email-changed']),
    )
  })

  it('should show a user their own log only, pages newest first, and admins everyone’s', async () => {
    const owner = await createMember({ payload })
    const other = await createMember({ payload })
    await rest('POST', '/end-other-sessions', { token: owner.token })
    const page = await rest('GET', '/get-security-events?page=1', { token: owner.token })
    expect(page.status).toBe(200)
    expect(page.json.events.map((event: { kind: string }) => event.kind)).toEqual(['sign-in'])
    const [ownRow] = await eventsOf(owner.user.id)
    // Another member sees none of them, by REST or GraphQL, even asking by id or by user.
    expect([403, 404]).toContain(
      (await rest('GET', `/security-events/${ownRow.id}`, { token: other.token })).status,
    )
    const asked = await rest('GET', `/security-events?where[user][equals]=${owner.user.id}`, {
      token: other.token,
    })
    expect(asked.json.docs).toEqual([])
    const viaGraphql = await graphql('{ SecurityEvents(limit: 100) { docs { id } } }', {
      token: other.token,
    })
    const listed = viaGraphql.json as { data: { SecurityEvents: { docs: { id: number }[] } } }
    const seen = listed.data.SecurityEvents.docs.map((doc) => doc.id)
    expect(seen).not.toContain(ownRow.id)
    expect(seen.length).toBeGreaterThan(0)
    const { token: adminToken } = await createMember({ payload, role: 'admin' })
    const asAdmin = await rest('GET', `/security-events/${ownRow.id}`, { token: adminToken })
    expect(asAdmin.status).toBe(200)
    const anon = await rest('GET', '/security-events', {})
    expect(anon.json.docs ?? []).toEqual([])
  })

  it('should let nobody write the log by any door, admins included', async () => {
    const member = await createMember({ payload })
    const { token: adminToken } = await createMember({ payload, role: 'admin' })
    const [row] = await eventsOf(member.user.id)
    for (const token of [member.token, adminToken]) {
      const created = await rest('POST', '/security-events', {
        token,
        body: { user: member.user.id, kind: 'sign-in' },
      })
      expect(created.status).toBe(403)
      const edited = await rest('PATCH', `/security-events/${row.id}`, {
        token,
        body: { kind: 'password-changed' },
      })
      expect(edited.status).toBe(403)
      expect((await rest('DELETE', `/security-events/${row.id}`, { token })).status).toBe(403)
      const viaGraphql = await graphql(
        `
          mutation ($id: Int!) {
            deleteSecurityEvent(id: $id) {
              id
            }
          }
        `,
        { token, variables: { id: row.id } },
      )
      expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
      const createdViaGraphql = await graphql(
        `
          mutation ($user: Int!) {
            createSecurityEvent(data: { user: $user, kind: sign_in }) {
              id
            }
          }
        `,
        { token, variables: { user: member.user.id } },
      )
      expect(createdViaGraphql.json?.errors?.length).toBeGreaterThan(0)
    }
    expect(await kindsOf(member.user.id)).toEqual(['sign-in'])
  })
})

describe('security mails', () => {
  it('should tell of a password change in the user’s language, with what to do', async () => {
    for (const locale of ['en', 'ru'] as const) {
      const { user, token } = await createMember({ payload })
      await payload.update({ collection: 'users', id: user.id, data: { locale } })
      await rest('POST', '/change-password', {
        token,
        body: {
          current_password: PASSWORD,
          password: 'another-pass',
          password_confirmation: 'another-pass',
        },
      })
      const mails = await mailsTo(user.email)
      const mail = mails.find((m) =>
        locale === 'en'
          ? m.subject.includes('password was changed')
          : m.subject.includes('пароль изменён'),
      )
      expect(mail, `${locale} mail`).toBeTruthy()
      expect(mail?.text).toContain(locale === 'en' ? 'If this was not you' : 'Если это были не вы')
      expect(mail?.text).toContain(locale === 'en' ? '/en/profile/security' : '/profile/security')
      expect(mail?.html ?? '').not.toContain('unsubscribe')
    }
  })

  it('should mail a sign-in from a new browser, the second factor turned off, and new backup codes', async () => {
    const member = await withAuthenticator('en')
    await generateCodes(member.token)
    await rest('POST', '/unplug-google', {
      token: member.token,
      body: { code: oathtoolCode({ secret: member.secret, offsetSeconds: 30 }) },
    })
    const plain = await createMember({ payload })
    await payload.update({ collection: 'users', id: plain.user.id, data: { locale: 'en' } })
    await signIn(plain.user.username!, SAFARI_PHONE)
    const subjects = (await mailsTo(member.user.email)).map((m) => m.subject)
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Obzor: new backup codes were made',
        'Obzor: the second sign-in factor was turned off',
      ]),
    )
    const plainSubjects = (await mailsTo(plain.user.email)).map((m) => m.subject)
    expect(plainSubjects).toContain('Obzor: a sign-in from a new browser')
  })

  it('should send one mail, not two, when the email changes (the old address is told already)', async () => {
    const { user } = await createMember({ payload })
    await payload.update({
      collection: 'users',
      id: user.id,
      data: { email: `moved${user.id}@example.com` },
    })
    expect(await mailsTo(user.email)).toHaveLength(1)
    expect(await mailsTo(`moved${user.id}@example.com`)).toHaveLength(0)
  })
})

describe('backup codes', () => {
  it('should make ten readable codes once a password confirms, only with a second factor', async () => {
    const plain = await createMember({ payload })
    const refused = await generateCodes(plain.token)
    expect(refused.status).toBe(409)
    const member = await withAuthenticator()
    const wrong = await generateCodes(member.token, 'not-the-password')
    expect(wrong.status).toBe(422)
    const { status, json } = await generateCodes(member.token)
    expect(status).toBe(200)
    expect(json.codes).toHaveLength(10)
    for (const code of json.codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/)
    const state = await rest('GET', '/get-backup-codes', { token: member.token })
    expect(state.json).toMatchObject({ two_factor_on: true, codes: { remaining: 10 } })
  })

  it('should keep only hashes: no plain code anywhere in the database', async () => {
    const member = await withAuthenticator()
    const { json } = await generateCodes(member.token)
    const cookie = await startSignIn(member.login)
    expect((await secondStep(member.user.id, cookie, json.codes[0])).status).toBe(200)
    const { rows: tables } = await runSql<{ name: string }>({
      payload,
      query: sql`SELECT quote_ident(table_name) AS name FROM information_schema.tables
                 WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    })
    const wanted = json.codes.flatMap((code: string) => [code, code.replace('-', '')])
    for (const { name } of tables) {
      const { rows } = await runSql<{ n: number }>({
        payload,
        query: sql`SELECT count(*)::int AS n FROM ${sql.raw(name)} t
                   WHERE ${sql.join(
                     wanted.map((code: string) => sql`t::text ILIKE ${`%${code}%`}`),
                     sql` OR `,
                   )}`,
      })
      expect(rows[0].n, name).toBe(0)
    }
  })

  it('should sign in with a code in place of the app, once, and count the codes left', async () => {
    const member = await withAuthenticator()
    const { json } = await generateCodes(member.token)
    const code = json.codes[3].toUpperCase()
    const first = await secondStep(member.user.id, await startSignIn(member.login), code)
    expect([first.status, typeof first.json.user?.token]).toEqual([200, 'string'])
    const again = await secondStep(member.user.id, await startSignIn(member.login), code)
    expect([again.status, again.json.message]).toEqual([422, 'OTP code is incorrect'])
    const state = await rest('GET', '/get-backup-codes', { token: member.token })
    expect(state.json.codes.remaining).toBe(9)
    expect(await kindsOf(member.user.id)).toEqual(
      expect.arrayContaining([
        'backup-codes-generated',
        'backup-code-used',
        'second-factor-failed',
      ]),
    )
  })

  it('should let a code raced by two requests pass once', async () => {
    const member = await withAuthenticator()
    const { json } = await generateCodes(member.token)
    const attempts = await Promise.all(
      Array.from({ length: 4 }, async () =>
        redeemBackupCode({
          req: await createLocalReq({}, payload),
          userId: member.user.id,
          code: json.codes[0],
        }),
      ),
    )
    expect(attempts.filter(Boolean)).toHaveLength(1)
  })

  it('should refuse the old codes once new ones are made', async () => {
    const member = await withAuthenticator()
    const old = (await generateCodes(member.token)).json.codes as string[]
    const fresh = (await generateCodes(member.token)).json.codes as string[]
    const refused = await secondStep(member.user.id, await startSignIn(member.login), old[1])
    expect(refused.status).toBe(422)
    const accepted = await secondStep(member.user.id, await startSignIn(member.login), fresh[1])
    expect(accepted.status).toBe(200)
  })

  it('should count a wrong code as a failed second step, under the same limit', async () => {
    const member = await withAuthenticator()
    const { json } = await generateCodes(member.token)
    const cookie = await startSignIn(member.login)
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await secondStep(member.user.id, cookie, 'aaaa-aaaa')).status).toBe(422)
    }
    // Five wrong tries end the pending sign-in, whatever is typed next.
    const after = await secondStep(member.user.id, cookie, json.codes[0])
    expect(after.status).toBe(410)
    const failed = (await eventsOf(member.user.id)).filter(
      (event) => event.kind === 'second-factor-failed',
    )
    expect(failed.map((event) => event.detail)).toEqual(Array(5).fill('backup-code'))
  })

  it('should void the codes when the second factor is turned off', async () => {
    const member = await withAuthenticator()
    await generateCodes(member.token)
    await rest('POST', '/unplug-google', {
      token: member.token,
      body: { code: oathtoolCode({ secret: member.secret, offsetSeconds: 30 }) },
    })
    const state = await rest('GET', '/get-backup-codes', { token: member.token })
    expect(state.json).toMatchObject({ two_factor_on: false, codes: null })
  })
})
