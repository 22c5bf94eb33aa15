import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import { drizzle } from 'drizzle-orm/node-postgres'
import { NextRequest } from 'next/server'
import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { searchResources } from '@/data/search'
import { pageParam } from '@/lib/searchParams'
import { proxy } from '@/proxy'
import { postgresOf } from '@/server/sql/run'
import { runSql } from '@/server/sql/run'

import {
  admin,
  guest,
  hiddenId,
  member,
  payload,
  publishedId,
  setUpMalformedInputWorld,
} from '../helpers/malformedInput'
import { graphqlStatus, sendRaw } from '../helpers/rawRequests'
import { rest } from '../helpers/restClient'

/**
 * Malformed input and what the answers say about it. The walks of the whole corpus over every
 * door are in bad-input-site, bad-input-rest, bad-input-rest-admin and bad-input-graphql.
 */

setUpMalformedInputWorld()

// ---------------------------------------------------------------------------------------------
// What the answers say.

const jsonBody = (body: unknown) => ({
  body: JSON.stringify(body),
  contentType: 'application/json',
})

const deep = (depth: number) => `${'{"a":'.repeat(depth)}5${'}'.repeat(depth)}`

const VALUE_INVALID = 'This value is not valid.'

describe('the answers to bad values', () => {
  it('should refuse a favorite of a missing resource exactly as one of a hidden one', async () => {
    const [missing, hidden] = await Promise.all(
      [2_000_000_000, hiddenId].map((resource) =>
        sendRaw(member, { method: 'POST', path: '/favorites', ...jsonBody({ resource }) }),
      ),
    )
    expect([missing.status, missing.json]).toEqual([400, hidden.json])
  })

  it('should answer an id that is no record id as a missing document', async () => {
    const paths = ['/reviews/abc', '/resources/99999999999999', '/reviews/1.5', '/users/1%00']
    const answers = await Promise.all(paths.map((path) => sendRaw(admin, { method: 'GET', path })))
    expect(answers.map(({ status, json }) => [status, json])).toEqual(
      paths.map(() => [404, { errors: [{ message: 'Not Found' }] }]),
    )
  })

  it('should refuse ids past the database range in the site calls field by field', async () => {
    const [favorite, relations] = await Promise.all([
      sendRaw(member, {
        method: 'POST',
        path: '/add-favorite',
        ...jsonBody({ resource_id: 2147483648 }),
      }),
      sendRaw(member, { method: 'GET', path: '/resource-relations?ids=99999999999999999999' }),
    ])
    expect([favorite.json, relations.json]).toMatchObject([
      { status: 422, errors: { resource_id: ['A record id must be a whole number.'] } },
      { status: 422, errors: { ids: ['This field is required.'] } },
    ])
  })

  it('should refuse a NUL character in a comment on every door', async () => {
    const comment = 'Good\u0000'
    const [site, viaRest, viaGraphql] = await Promise.all([
      sendRaw(member, {
        method: 'POST',
        path: '/add-reviews',
        ...jsonBody({ resource_id: publishedId, grade: 5, comment }),
      }),
      sendRaw(member, {
        method: 'POST',
        path: '/reviews',
        ...jsonBody({ resource: publishedId, grade: 5, comment }),
      }),
      sendRaw(member, {
        method: 'POST',
        path: '/graphql',
        ...jsonBody({
          query: `mutation($c: String!) {
            createReview(data: {resource: ${publishedId}, grade: 5, comment: $c, status: published}) { id }
          }`,
          variables: { c: comment },
        }),
      }),
    ])
    expect([site.json, viaRest.status, viaRest.json, graphqlStatus(viaGraphql)]).toMatchObject([
      { status: 422, errors: { comment: [VALUE_INVALID] } },
      400,
      { errors: [{ data: { errors: [{ path: 'comment', message: VALUE_INVALID }] } }] },
      400,
    ])
  })

  it('should answer in Russian when the request asks for it', async () => {
    const { json } = await rest('POST', '/login', {
      body: { login: 'user\u0000', password: 'secret-pass' },
      headers: { 'Accept-Language': 'ru' },
    })
    expect(json).toMatchObject({ status: 422, errors: { login: ['Недопустимое значение.'] } })
  })

  it('should refuse a NUL character in a sign-in and in a query on Payload’s doors', async () => {
    const [signIn, query] = await Promise.all([
      sendRaw(guest, {
        method: 'POST',
        path: '/users/login',
        ...jsonBody({ username: 'user\u0000', password: 'secret-pass' }),
      }),
      sendRaw(guest, { method: 'GET', path: '/resources?where[title][equals]=a%00b' }),
    ])
    expect([signIn.status, query.status, query.json]).toEqual([
      400,
      400,
      { errors: [{ message: VALUE_INVALID }] },
    ])
  })

  it('should refuse criteria nested 8,000 deep: 422 on the site call, 400 on REST', async () => {
    const review = (resourceKey: string) =>
      `{"${resourceKey}":${publishedId},"grade":5,"comment":"Deep","criteria":${deep(8000)}}`
    const [site, viaRest] = await Promise.all([
      sendRaw(member, {
        method: 'POST',
        path: '/add-reviews',
        body: review('resource_id'),
        contentType: 'application/json',
      }),
      sendRaw(member, {
        method: 'POST',
        path: '/reviews',
        body: review('resource'),
        contentType: 'application/json',
      }),
    ])
    expect([site.json, viaRest.status]).toMatchObject([
      { status: 422, errors: { criteria: [VALUE_INVALID] } },
      400,
    ])
  })

  it('should answer malformed JSON with 400 on every door', async () => {
    const truncated = { body: '{"login":', contentType: 'application/json' }
    const answers = await Promise.all([
      sendRaw(guest, { method: 'POST', path: '/login', ...truncated }),
      sendRaw(member, { method: 'POST', path: '/reviews', ...truncated }),
      sendRaw(guest, { method: 'POST', path: '/graphql', ...truncated }),
    ])
    const readable = 'The request could not be read: send a JSON object or form data.'
    expect(answers.map(({ status, json }) => [status, json])).toMatchObject([
      [400, { status: 400, message: readable }],
      [400, { errors: [{ message: 'Invalid JSON' }] }],
      [400, { errors: [{ message: readable, extensions: { statusCode: 400 } }] }],
    ])
  })
})

// ---------------------------------------------------------------------------------------------
// A fault of the server stays a server error.

describe('a genuine database failure', () => {
  /** Runs `work` while the favorites table is away: queries fail for no fault of their input. */
  const withoutFavoritesTable = async <T>(work: () => Promise<T>) => {
    await runSql({ payload, query: sql`ALTER TABLE favorites RENAME TO favorites_away` })
    try {
      return await work()
    } finally {
      await runSql({ payload, query: sql`ALTER TABLE favorites_away RENAME TO favorites` })
    }
  }

  /** Runs `work` while every query goes to a database server that is not there. */
  const withDatabaseDown = async <T>(work: () => Promise<T>) => {
    const adapter = postgresOf(payload)
    const drizzleOfApp = adapter.drizzle
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none' })
    adapter.drizzle = drizzle({
      client: pool,
      schema: adapter.schema,
    }) as unknown as PostgresAdapter['drizzle']
    try {
      return await work()
    } finally {
      adapter.drizzle = drizzleOfApp
      await pool.end()
    }
  }

  const graphqlQuery = (query: string) => ({
    method: 'POST' as const,
    path: '/graphql',
    ...jsonBody({ query }),
  })

  it('should answer 500 on every door when a table is missing', async () => {
    const [viaRest, site, viaGraphql] = await withoutFavoritesTable(() =>
      Promise.all([
        sendRaw(member, { method: 'GET', path: '/favorites?where[resource][equals]=1' }),
        sendRaw(member, { method: 'POST', path: '/get-user-favorites' }),
        sendRaw(member, graphqlQuery('{ Favorites { totalDocs } }')),
      ]),
    )
    expect([viaRest.status, site.status, graphqlStatus(viaGraphql)]).toEqual([500, 500, 500])
  })

  it('should answer 503 with Retry-After on every door when the database cannot be reached', async () => {
    const answers = await withDatabaseDown(() =>
      Promise.all([
        sendRaw(guest, { method: 'GET', path: '/resources/abc' }),
        sendRaw(guest, { method: 'GET', path: '/resources?where[title][equals]=x' }),
        sendRaw(guest, { method: 'POST', path: '/get-last-reviews', ...jsonBody({ limit: 5 }) }),
        sendRaw(guest, graphqlQuery('{ Resources { totalDocs } }')),
      ]),
    )
    const [byId, viaRest, site, viaGraphql] = answers
    expect([byId.status, viaRest.status, site.status, graphqlStatus(viaGraphql)]).toEqual([
      503, 503, 503, 503,
    ])
    expect(answers.map((answer) => answer.headers.get('retry-after'))).toEqual(['5', '5', '5', '5'])
  })
})

// ---------------------------------------------------------------------------------------------
// The pages: the proxy and the readers behind them here; tests/e2e/bad-input.e2e.spec.ts asks a
// built app for the pages themselves.

describe('page addresses with malformed input', () => {
  const rewriteOf = async (path: string) =>
    (await proxy(new NextRequest(new URL(path, 'http://localhost:3000')))).headers.get(
      'x-middleware-rewrite',
    )

  it('should send addresses whose percent-encoding decodes to nothing to the 404 page', async () => {
    const paths = ['/search/%zz', '/resources/shops/%ff', '/en/search/%E0%A4%A', '/en/x/%ED%A0%80']
    expect(await Promise.all(paths.map(rewriteOf))).toEqual([
      'http://localhost:3000/ru/not-found',
      'http://localhost:3000/ru/not-found',
      'http://localhost:3000/en/not-found',
      'http://localhost:3000/en/not-found',
    ])
  })

  it('should search for a term with a NUL character or half a surrogate pair', async () => {
    const results = await Promise.all(
      ['a\u0000b', '\u0000', '\ud800x'].map((q) => searchResources({ q, locale: 'ru', page: 1 })),
    )
    expect(results.map(({ total }) => typeof total)).toEqual(['number', 'number', 'number'])
  })

  it('should read a page number past any page as the largest, past every list’s last (a 404)', () => {
    expect(['1e300', '99999999999999999999', '2147483648'].map(pageParam)).toEqual([
      2147483647, 2147483647, 2147483647,
    ])
  })
})
