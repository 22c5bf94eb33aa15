import type { Payload, PayloadRequest } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { COLLECTION_PAGE_SIZE_MAX } from '@/lib/limits'
import { seed } from '@/seed'
import { DEMO_PASSWORD } from '@/seed/users'
import type { Review } from '@payload-types'

import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload
const tokens: Record<string, string | undefined> = { guest: undefined }
let sessionId: string

const signIn = async (login: string) => {
  const { json } = await rest('POST', '/users/login', {
    body: { username: login, password: DEMO_PASSWORD },
  })
  return json.token as string
}

const idOf = async (username: string) =>
  (await payload.find({ collection: 'users', where: { username: { equals: username } } })).docs[0]
    .id

/** More published resources than one capped page holds. */
const EXTRA_RESOURCES = COLLECTION_PAGE_SIZE_MAX + 5

/** A published review of this file's own, for the tests that need one to point at. */
let ownReview: Review

beforeAll(async () => {
  payload = await startPayload()
  await seed({ payload })
  for (const login of ['user', 'owner', 'editor', 'admin']) tokens[login] = await signIn(login)
  const user = await payload.findByID({ collection: 'users', id: await idOf('user') })
  sessionId = user.sessions?.[0]?.id ?? ''
  // An owner of this file's own: the demo owner's resources are what other files read (their
  // analytics, the search), and 105 more would change them.
  const { user: owner } = await createMember({ payload, role: 'owner' })
  await Promise.all(
    Array.from({ length: EXTRA_RESOURCES }, (_, i) =>
      createResource({ payload, owner: owner.id, title: `Paging ${i}` }),
    ),
  )
  const { user: author } = await createMember({ payload })
  const resource = await createResource({ payload })
  ownReview = await payload.create({
    collection: 'reviews',
    data: {
      resource: resource.id,
      author: author.id,
      grade: 4,
      comment: 'Fair prices.',
      status: 'published',
    },
  })
}, 300_000)

afterAll(releasePayload)

const CALLERS = ['guest', 'user', 'owner'] as const

/** Paths into a review's author that nobody but the account itself (or nobody) may read. */
const AUTHOR_SECRETS = [
  'author.sessions.id',
  'author.sessions.createdAt',
  'author.totpSecret',
  'author.googleSubject',
  'author.hash',
  'author.salt',
  'author.resetPasswordToken',
  'author.loginAttempts',
  'author.lockUntil',
  'author.email',
  'author.role',
]

describe('hidden data in where and sort', () => {
  it('should answer a guest guessing a session id alike whatever the guess', async () => {
    const right = await rest(
      'GET',
      `/reviews?where[author.sessions.id][like]=${sessionId.slice(0, 4)}`,
    )
    const wrong = await rest('GET', '/reviews?where[author.sessions.id][like]=zzzz')
    expect([right.status, right.json]).toEqual([400, wrong.json])
  })

  it.each(CALLERS.flatMap((caller) => AUTHOR_SECRETS.map((path) => [caller, path])))(
    'should refuse the %s a review filter on %s',
    async (caller, path) => {
      const { status } = await rest('GET', `/reviews?where[${path}][exists]=true`, {
        token: tokens[caller],
      })
      expect(status).toBe(400)
    },
  )

  it.each(CALLERS.flatMap((caller) => AUTHOR_SECRETS.map((path) => [caller, path])))(
    'should refuse the %s a review sort on %s',
    async (caller, path) => {
      const { status } = await rest('GET', `/reviews?sort=-${path}`, { token: tokens[caller] })
      expect(status).toBe(400)
    },
  )

  it.each([
    ['nested and/or', 'GET', '/reviews?where[or][0][and][0][author.sessions.id][like]=a'],
    ['double underscores', 'GET', '/reviews?where[author__sessions__id][like]=a'],
    [
      'a JSON where',
      'GET',
      `/reviews?where=${encodeURIComponent(JSON.stringify({ 'author.sessions.id': { like: 'a' } }))}`,
    ],
    ['a count', 'GET', '/reviews/count?where[author.sessions.id][like]=a'],
    ['a list of sorts', 'GET', '/reviews?sort=grade,-author.sessions.id'],
    ['a bulk update', 'PATCH', '/reviews?where[author.sessions.id][like]=a'],
    ['a bulk delete', 'DELETE', '/reviews?where[author.sessions.id][like]=a'],
  ] as const)('should refuse session ids reached through %s', async (_name, method, path) => {
    const { status } = await rest(method, path, {
      token: tokens.user,
      body: method === 'PATCH' ? {} : undefined,
    })
    expect(status).toBe(400)
  })

  it.each([
    ['their own sessions', '/users?where[sessions.id][like]=a'],
    ['their own password hash', '/users?where[hash][exists]=true'],
    ['their own authenticator secret', '/users?sort=totpSecret'],
  ])('should refuse a user a filter on %s', async (_name, path) => {
    const { status } = await rest('GET', path, { token: tokens.user })
    expect(status).toBe(400)
  })

  it.each([
    ['user', '/favorites?where[user.displayName][like]=a'],
    ['guest', '/reviews?where[resource.status][equals]=pending'],
    ['owner', '/reviews?where[resource.owner][exists]=true'],
    ['editor', '/reviews?sort=author.displayName'],
  ])(
    'should refuse the %s a path into a collection they read only in part (%s)',
    async (caller, path) => {
      const { status } = await rest('GET', path, { token: tokens[caller] })
      expect(status).toBe(400)
    },
  )

  it('should answer an unknown field as it answers a forbidden one', async () => {
    const unknown = await rest('GET', '/reviews?where[author.nothing][exists]=true')
    const forbidden = await rest('GET', '/reviews?where[author.hash][exists]=true')
    expect([unknown.status, unknown.json.errors[0].message.replace('nothing', 'hash')]).toEqual([
      forbidden.status,
      forbidden.json.errors[0].message,
    ])
  })

  it('should take joins=false, which turns joins off', async () => {
    const { status } = await rest('GET', '/reviews?joins=false')
    expect(status).toBe(200)
  })

  it('should answer in the language of the request', async () => {
    const { json } = await rest('GET', '/reviews?where[author.hash][exists]=true', {
      headers: { 'Accept-Language': 'en' },
    })
    expect(json.errors[0].message).toBe('This query cannot use “author.hash”.')
  })

  it.each(CALLERS)('should let the %s compare a review author by id', async (caller) => {
    const author = await idOf('user')
    const [direct, dotted] = await Promise.all([
      rest('GET', `/reviews?where[author][equals]=${author}`, { token: tokens[caller] }),
      rest('GET', `/reviews?where[author.id][equals]=${author}&sort=-grade`, {
        token: tokens[caller],
      }),
    ])
    expect([direct.status, dotted.status, dotted.json.totalDocs]).toEqual([
      200,
      200,
      direct.json.totalDocs,
    ])
  })

  it('should let a guest filter resources on their own fields', async () => {
    const { status, json } = await rest(
      'GET',
      '/resources?where[type][equals]=marketplace&sort=-createdAt',
    )
    expect([status, json.totalDocs > 0]).toEqual([200, true])
  })
})

describe('the admin', () => {
  it('should filter reviews by their authors’ login', async () => {
    const expected = await payload.count({
      collection: 'reviews',
      where: { 'author.username': { equals: 'user' } },
    })
    const { status, json } = await rest('GET', '/reviews?where[author.username][equals]=user', {
      token: tokens.admin,
    })
    expect([status, json.totalDocs]).toEqual([200, expected.totalDocs])
  })

  it('should sort reviews by their resources’ status and authors’ email', async () => {
    const { status } = await rest('GET', '/reviews?sort=resource.status,-author.email', {
      token: tokens.admin,
    })
    expect(status).toBe(200)
  })

  it('should still not reach password hashes', async () => {
    const { status } = await rest('GET', '/reviews?where[author.hash][exists]=true', {
      token: tokens.admin,
    })
    expect(status).toBe(400)
  })

  it.each(['admin', 'editor'])(
    'should still see which reviews are being edited in the %s’s list view',
    async (login) => {
      const user = await payload.findByID({ collection: 'users', id: await idOf(login) })
      // A published review (the editor reads no one's held or hidden reviews) of this file's own.
      const lock = await payload.create({
        collection: 'payload-locked-documents',
        data: {
          document: { relationTo: 'reviews', value: ownReview.id },
          user: { relationTo: 'users', value: await idOf('admin') },
        },
      })
      try {
        // The admin's list view reads through the Local API as the signed-in user.
        const list = await payload.find({
          collection: 'reviews',
          where: { id: { equals: ownReview.id } },
          includeLockStatus: true,
          overrideAccess: false,
          user,
        })
        expect((list.docs[0] as { _isLocked?: boolean })._isLocked).toBe(true)
      } finally {
        await payload.delete({ collection: 'payload-locked-documents', id: lock.id })
      }
    },
  )

  it('should keep the admin’s own preferences', async () => {
    await rest('POST', '/payload-preferences/queries-test', {
      token: tokens.admin,
      body: { value: { columns: ['title'] } },
    })
    const { status, json } = await rest('GET', '/payload-preferences/queries-test', {
      token: tokens.admin,
    })
    expect([status, json.value]).toEqual([200, { columns: ['title'] }])
  })

  it('should list a page of 100, the admin’s largest', async () => {
    const { json } = await rest('GET', '/resources?limit=100&depth=0', { token: tokens.admin })
    expect(json.docs).toHaveLength(100)
  })
})

describe('GraphQL', () => {
  it.each(CALLERS)('should refuse the %s a sort on session ids', async (caller) => {
    const { json } = await graphql('{ Reviews(sort: "-author.sessions.id") { totalDocs } }', {
      token: tokens[caller],
    })
    expect(json?.errors?.[0].extensions?.statusCode).toBe(400)
  })

  it('should refuse a user a filter on their sessions, inside OR', async () => {
    const { json } = await graphql(
      '{ Users(where: { OR: [{ sessions__id: { like: "a" } }] }) { totalDocs } }',
      { token: tokens.user },
    )
    expect(json?.errors?.[0]).toBeDefined()
    expect(json?.data?.Users ?? null).toBeNull()
  })

  it('should let the admin sort reviews by their authors’ login', async () => {
    const { json } = await graphql('{ Reviews(sort: "author.username") { totalDocs } }', {
      token: tokens.admin,
    })
    expect(json?.errors).toBeUndefined()
  })
})

describe('page sizes', () => {
  it.each([
    ['a huge limit', '/resources?limit=100000'],
    ['limit 0', '/resources?limit=0'],
    ['pagination=false', '/resources?pagination=false'],
  ])('should cap %s at one page of 100', async (_name, path) => {
    const { status, json } = await rest('GET', `${path}&depth=0`)
    expect([status, json.docs.length, json.limit, json.hasNextPage]).toEqual([
      200,
      COLLECTION_PAGE_SIZE_MAX,
      COLLECTION_PAGE_SIZE_MAX,
      true,
    ])
  })

  it.each([
    ['a huge limit', 'limit: 100000'],
    ['pagination: false', 'pagination: false'],
  ])('should cap %s on GraphQL', async (_name, args) => {
    const { json } = await graphql(`{ Resources(${args}) { docs { id } } }`)
    const { docs } = json?.data?.Resources as { docs: unknown[] }
    expect(docs).toHaveLength(COLLECTION_PAGE_SIZE_MAX)
  })

  it('should cap the page size of Payload’s own preferences', async () => {
    const { json } = await rest('GET', '/payload-preferences?limit=100000', {
      token: tokens.user,
    })
    expect(json.limit).toBe(COLLECTION_PAGE_SIZE_MAX)
  })

  it('should leave the site’s Local API unlimited', async () => {
    const { docs } = await payload.find({ collection: 'resources', pagination: false, depth: 0 })
    expect(docs.length).toBeGreaterThan(COLLECTION_PAGE_SIZE_MAX)
  })

  it('should leave unlimited a Local API call made inside a REST request', async () => {
    const { docs } = await payload.find({
      collection: 'resources',
      pagination: false,
      depth: 0,
      overrideAccess: false,
      req: { payloadAPI: 'REST' } as Partial<PayloadRequest>,
    })
    expect(docs.length).toBeGreaterThan(COLLECTION_PAGE_SIZE_MAX)
  })
})

describe('bad paging', () => {
  it.each([
    'page=-1',
    'page=0',
    'page=1.5',
    'page=abc',
    'page=',
    'page=1e308',
    'page=12345678901234567890',
    'page=10001',
    'limit=-5',
    'limit=abc',
    'limit=2.5',
    'limit=1e308',
    'depth=-1',
    'depth=abc',
  ])('should answer %s with a 400 in Payload’s error shape', async (query) => {
    const { status, json } = await rest('GET', `/reviews?${query}`)
    expect([status, typeof json.errors[0].message]).toEqual([400, 'string'])
  })

  it.each(['depth=-1', 'depth=abc'])('should answer %s on one review with a 400', async (query) => {
    const { status } = await rest('GET', `/reviews/${ownReview.id}?${query}`)
    expect(status).toBe(400)
  })

  it.each(['page=-1', 'limit=abc'])(
    'should answer %s on Payload’s own preferences with a 400',
    async (query) => {
      const { status } = await rest('GET', `/payload-preferences?${query}`, { token: tokens.user })
      expect(status).toBe(400)
    },
  )

  it('should answer a bad page in the request’s language', async () => {
    const { json } = await rest('GET', '/reviews?page=-1', {
      headers: { 'Accept-Language': 'en' },
    })
    expect(json.errors[0].message).toBe('“page” must be a whole number, 1 or more.')
  })

  it('should bring a huge depth down to the config’s maximum', async () => {
    const { status } = await rest('GET', '/reviews?depth=99999')
    expect(status).toBe(200)
  })

  it.each(['page: -1', 'page: 0', 'limit: -5', 'page: 2147483647'])(
    'should answer GraphQL %s with a client error',
    async (args) => {
      const { json } = await graphql(`{ Reviews(${args}) { totalDocs } }`)
      expect(json?.errors?.[0].extensions?.statusCode).toBe(400)
    },
  )

  it('should leave a GraphQL page beyond 32 bits to GraphQL’s own check', async () => {
    const { status, json } = await graphql('{ Reviews(page: 99999999999) { totalDocs } }')
    expect([status < 500, Boolean(json?.errors?.length), json?.data]).toEqual([
      true,
      true,
      undefined,
    ])
  })
})
