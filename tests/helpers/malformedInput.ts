import type { Endpoint, Payload } from 'payload'
import { afterAll, beforeAll } from 'vitest'

import type { EndpointDoc } from '@endpoints/lib/defineEndpoint'
import config from '@payload-config'

import {
  BAD_BODIES,
  BAD_FIELD_VALUES,
  BAD_ID_SEGMENTS,
  BAD_QUERY_VALUES,
  BAD_VALUES,
  asQuery,
} from '../fixtures/badInput'

import { createMember, createResource } from './directory'
import { releasePayload, startPayload } from './payload'
import {
  type Caller,
  type Method,
  type RawRequest,
  graphqlProblem,
  restProblem,
  sendRaw,
  siteProblem,
  walk,
} from './rawRequests'

/**
 * A corpus of malformed input (tests/fixtures/badInput.ts) walked over every door: each site call
 * as its declaration states it, each route of each collection as Payload lists it, each GraphQL
 * operation as the schema tells it. The walks are split over several spec files
 * (tests/int/bad-input*.int.spec.ts), which run side by side; each file has a world of its own.
 */

export let payload: Payload
export const guest: Caller = { name: 'a guest' }
export let member: Caller
export let admin: Caller
export let victimId: number
export let publishedId: number
export let hiddenId: number
export let ownResourceId: number
export let ownReviewId: number

/** The accounts, resources and review the walks need, made before the file's tests. */
export const setUpMalformedInputWorld = () => {
  beforeAll(async () => {
    payload = await startPayload()
    const [memberAccount, adminAccount, victim] = await Promise.all([
      // An owner already, so adding a resource does not promote them (a write on their account).
      createMember({ payload, role: 'owner' }),
      createMember({ payload, role: 'admin' }),
      createMember({ payload }),
    ])
    member = { name: 'a member', token: memberAccount.token, id: memberAccount.user.id }
    admin = { name: 'an admin', token: adminAccount.token, id: adminAccount.user.id }
    victimId = victim.user.id
    const [published, hidden, own, reviewed] = await Promise.all([
      createResource({ payload }),
      createResource({ payload, status: 'pending' }),
      createResource({ payload, owner: memberAccount.user.id }),
      createResource({ payload }),
    ])
    publishedId = published.id
    hiddenId = hidden.id
    ownResourceId = own.id
    const review = await payload.create({
      collection: 'reviews',
      data: {
        resource: reviewed.id,
        author: memberAccount.user.id,
        grade: 4,
        comment: 'Fine',
        status: 'published',
      },
    })
    ownReviewId = review.id
  }, 120_000)

  afterAll(releasePayload)
}

let counter = 0
export const unique = () => `bad${Date.now().toString(36)}${(counter += 1)}`

/** A JSON object body: `base` with `field` set to a value of the corpus (JSON text). */
export const bodyWith = (base: Record<string, unknown>, field: string, value: string) => {
  const text = JSON.stringify(Object.fromEntries(Object.entries(base).filter(([k]) => k !== field)))
  return `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${JSON.stringify(field)}:${value}}`
}

export const rawBodies = (method: Method, path: string): RawRequest[] =>
  BAD_BODIES.map(({ body, contentType }) => ({ method, path, body, contentType }))

// ---------------------------------------------------------------------------------------------
// The site's calls, enumerated from their declarations.

export const siteCalls = () =>
  (payload.config.endpoints as Endpoint[])
    .map((endpoint) => endpoint.custom?.doc as EndpointDoc | undefined)
    .filter((doc): doc is EndpointDoc => Boolean(doc))

/** A body each call takes, so that one bad field reaches as deep as it can; others get `{}`. */
const validBody = (path: string): Record<string, unknown> => {
  const id = unique()
  const passwords = { password: 'secret-pass', password_confirmation: 'secret-pass' }
  const bodies: Record<string, Record<string, unknown>> = {
    '/register-user': {
      login: id,
      email: `${id}@example.com`,
      display_name: id,
      consent: true,
      ...passwords,
    },
    '/verify-otp': { user_id: victimId, code: '123456' },
    '/login': { login: id, password: 'secret-pass' },
    '/login-pgp': { message: '123456', login: id, password: 'secret-pass' },
    '/login-google': { message: '123456', login: id, password: 'secret-pass' },
    '/verify-otp-login': { user_id: victimId, code: '123456' },
    '/get-token': { email: `${id}@example.com`, password: 'secret-pass' },
    '/google-sign-in': { credential: 'x.y.z' },
    '/forget-password': { email: `${id}@example.com` },
    '/reset-password': { token: id, ...passwords },
    '/change-password': { current_password: 'not-it', ...passwords },
    '/change-email': { email: `${id}@example.com`, current_password: 'not-it' },
    '/update-user-by-id': { name: 'Tester' },
    '/get-message': { public_key: 'not a key' },
    '/check-update-pgp': { public_key: 'not a key', code: '123456' },
    '/unplug-pgp': { code: '123456' },
    '/verify-otp-settings': { code: '123456' },
    '/unplug-google': { code: '123456' },
    '/save-resource': {
      type: 'marketplace',
      title_ru: 'Плохой ввод',
      title_en: 'Bad input',
      links: ['https://example.com'],
    },
    '/add-reviews': { resource_id: publishedId, grade: 5, comment: 'Good' },
    '/update-my-reviews': { review_id: ownReviewId, grade: 5, comment: 'Good' },
    '/delete-my-reviews': { review_id: 2_000_000_000 },
    '/reply-review': { review_id: ownReviewId, reply: 'Thanks' },
    '/user-has-review': { resource_id: publishedId },
    '/add-favorite': { resource_id: publishedId },
    '/remove-favorite': { resource_id: publishedId },
    '/views-my-reviews': { resource_id: publishedId },
  }
  return bodies[path] ?? {}
}

const validQuery = (path: string): Record<string, string> =>
  ({
    '/get-user-by-id': { id: String(victimId) },
    '/get-message-pgp-user': { user_id: String(victimId) },
    '/resource-relations': { ids: String(publishedId) },
  })[path] ?? {}

const fieldsOf = (schema: unknown) =>
  Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {})

/** The corpus in each declared field (and `id`) of a call's query, the others valid. */
const queryRequests = (doc: EndpointDoc): RawRequest[] =>
  [...new Set([...fieldsOf(doc.query), 'id'])].flatMap((field) => {
    const others = Object.entries(validQuery(doc.path))
      .filter(([key]) => key !== field)
      .map(([key, value]) => `${key}=${encodeURIComponent(value)}&`)
      .join('')
    const path = `${doc.path}?${others}`
    return [
      ...BAD_QUERY_VALUES.map((value) => ({
        method: 'GET' as const,
        path: `${path}${field}=${value}`,
      })),
      ...BAD_VALUES.map((value) => ({
        method: 'GET' as const,
        path: `${path}${asQuery(field, value)}`,
      })),
    ]
  })

/** Only what a call answers before it reads any field: bodies, or broken query values. */
const unreadableRequests = (doc: EndpointDoc): RawRequest[] =>
  doc.method === 'get'
    ? queryRequests(doc).slice(0, BAD_QUERY_VALUES.length)
    : rawBodies('POST', doc.path)

/** Every malformed request of the corpus for one site call. */
const siteRequests = (doc: EndpointDoc): RawRequest[] => {
  if (doc.method === 'get') return queryRequests(doc)
  return [
    ...rawBodies('POST', doc.path),
    ...fieldsOf(doc.body).flatMap((field) =>
      BAD_VALUES.map((value) => ({
        method: 'POST' as const,
        path: doc.path,
        body: bodyWith(validBody(doc.path), field, value),
        contentType: 'application/json',
      })),
    ),
  ]
}

const CREATING_CALLS = new Set(['/add-reviews', '/add-favorite'])

/** Undoes an accepted review or favorite, so the next value meets the same state. */
const resetMember = async () => {
  await payload.delete({
    collection: 'reviews',
    where: { author: { equals: member.id }, resource: { equals: publishedId } },
  })
  await payload.delete({ collection: 'favorites', where: { user: { equals: member.id } } })
}

// ---------------------------------------------------------------------------------------------
// Payload's REST doors of every collection, enumerated from the collections' endpoints.

/** Values compared in a query (`where[field][equals]=value`), raw in the query string. */
const WHERE_VALUES = ['abc', '1.5', '2147483648', '99999999999999999999', '%00', '%zz', '%ff']

/** Other operators, each with a value no column takes alike. */
const WHERE_OPERATORS = ['not_equals', 'in', 'greater_than', 'like', 'contains', 'exists', 'near']

/** The auth fields a member could lock themselves out with: walked on another account. */
const OWN_SESSION_FIELDS = new Set(['sessions', 'hash', 'salt', 'email', 'username'])

/**
 * Payload 3.90's own fault, whatever the input: deleting a preference builds SQL that names a
 * table it never joins (42P01), so the route answers 500 to any key (`/:id` is shadowed by it).
 */
const BROKEN_ROUTES = new Set([
  'DELETE /payload-preferences/:key',
  'DELETE /payload-preferences/:id',
])

type Route = { method: Method; path: string }

const configOf = (slug: string) =>
  payload.collections[slug as keyof typeof payload.collections].config

const collectionRoutes = (slug: string): Route[] =>
  (configOf(slug).endpoints || [])
    .map((endpoint) => ({
      method: endpoint.method.toUpperCase() as Method,
      path: `/${slug}${endpoint.path === '/' ? '' : endpoint.path}`,
    }))
    .filter(({ method, path }) => !BROKEN_ROUTES.has(`${method} ${path}`))

const topFields = (slug: string) => configOf(slug).flattenedFields.map((field) => field.name)

/** A document each collection takes, so that one bad field reaches as deep as it can. */
const validDocument = (slug: string, caller: Caller): Record<string, unknown> => {
  const id = unique()
  const documents: Record<string, Record<string, unknown>> = {
    users: { email: `${id}@example.com`, username: id, password: 'secret-pass', displayName: id },
    resources: { type: 'marketplace', title: id, links: [{ url: 'https://example.com' }] },
    reviews: { resource: publishedId, author: caller.id, grade: 5, comment: 'Good' },
    favorites: { resource: publishedId, user: caller.id },
    media: { alt: id },
  }
  return documents[slug] ?? {}
}

/** The document a caller edits in each collection: their own where they have one. */
const targetId = (slug: string, caller: Caller) =>
  ({
    users: caller === admin ? victimId : caller.id,
    resources: ownResourceId,
    reviews: ownReviewId,
  })[slug] ?? 2_000_000_000

const withId = (path: string, id: string | number) => path.replace(/:(id|key)\??/, String(id))

const whereQueries = (slug: string, method: Method) => {
  // Deleting or updating by a query compares ids, equal or listed, and nothing else: a value
  // taken as another (`exists=abc` as true) would reach every document.
  if (method !== 'GET') {
    return WHERE_VALUES.flatMap((value) => [
      `where[id][equals]=${value}`,
      `where[id][in]=2000000000,${value}`,
    ])
  }
  return ['id', ...topFields(slug)].flatMap((field) => [
    ...WHERE_VALUES.map((value) => `where[${field}][equals]=${value}`),
    ...WHERE_OPERATORS.map((operator) => `where[${field}][${operator}]=abc`),
    `where[${field}][like]=%00`,
    `where[or][0][${field}][equals]=abc`,
    `where[${field}][equals][nested]=1`,
  ])
}

/** Payload's find and count, and updating or deleting by a query: the routes a where steers. */
const isQueryRoute = (slug: string, { method, path }: Route) =>
  path === `/${slug}` ? method !== 'POST' : path === `/${slug}/count`

/** Every malformed request of the corpus for one route of a collection. */
const restRequests = (slug: string, route: Route, caller: Caller): RawRequest[] => {
  const { method } = route
  const hasId = /:(id|key)/.test(route.path)
  const path = withId(route.path, targetId(slug, caller))
  const badIds = hasId
    ? BAD_ID_SEGMENTS.map((id) => ({ method, path: withId(route.path, id) }))
    : []
  const bodies = method === 'POST' || method === 'PATCH' ? rawBodies(method, path) : []
  // A signed-in caller's walk would end with its first logout: a guest sends those.
  if (route.path.endsWith('/logout') && caller !== guest) return []
  if (caller === guest || route.path.includes('/versions')) return [...badIds, ...bodies]
  if (isQueryRoute(slug, route)) {
    // The member's queries pass the same guard as the admin's, who reaches every table.
    if (caller === member) return []
    const body = method === 'PATCH' ? '{}' : undefined
    return whereQueries(slug, method).map((query) => ({
      method,
      path: `${path}?${query}`,
      body,
      contentType: body && 'application/json',
    }))
  }
  const isDocumentWrite =
    (method === 'POST' && route.path === `/${slug}`) || (method === 'PATCH' && hasId)
  const isSignIn = !hasId && method === 'POST' && Boolean(configOf(slug).auth)
  const fields = isDocumentWrite
    ? topFields(slug).filter((field) => caller !== member || !OWN_SESSION_FIELDS.has(field))
    : isSignIn
      ? ['email', 'username', 'password', 'token']
      : []
  const base = method === 'POST' && isDocumentWrite ? validDocument(slug, caller) : {}
  const values = fields.flatMap((field) =>
    BAD_FIELD_VALUES.map((value) => ({
      method,
      path,
      body: bodyWith(base, field, value),
      contentType: 'application/json',
    })),
  )
  return [...badIds, ...bodies, ...values]
}

const resetDocuments = async () => {
  await payload.delete({ collection: 'reviews', where: { resource: { equals: publishedId } } })
  await payload.delete({ collection: 'favorites', where: { resource: { equals: publishedId } } })
}

// ---------------------------------------------------------------------------------------------
// The GraphQL door, its operations enumerated by introspection.

type TypeRef = { kind: string; name: string | null; ofType?: TypeRef | null }
type GraphqlField = { name: string; type: TypeRef; args: { name: string; type: TypeRef }[] }
type Operation = { kind: 'query' | 'mutation'; field: GraphqlField }

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }'

const named = (type: TypeRef): TypeRef => (type.ofType ? named(type.ofType) : type)

/** A type as a variable declares it: `Int!`, `[String]`, `Review_where`. */
const typeName = (type: TypeRef): string =>
  type.kind === 'NON_NULL'
    ? `${typeName(type.ofType!)}!`
    : type.kind === 'LIST'
      ? `[${typeName(type.ofType!)}]`
      : type.name!

/** The schema's operations, and the fields of its input types. */
const introspect = async () => {
  const fields = `fields { name type { ${TYPE_REF} } args { name type { ${TYPE_REF} } } }`
  const query = `{ __schema { queryType { ${fields} } mutationType { ${fields} }
    types { name inputFields { name } } } }`
  const { json } = await sendRaw(admin, {
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query }),
    contentType: 'application/json',
  })
  const schema = (json as { data: { __schema: unknown } }).data.__schema as {
    queryType: { fields: GraphqlField[] }
    mutationType: { fields: GraphqlField[] }
    types: { name: string; inputFields: { name: string }[] | null }[]
  }
  const operations: Operation[] = [
    ...schema.queryType.fields.map((field) => ({ kind: 'query' as const, field })),
    ...schema.mutationType.fields.map((field) => ({ kind: 'mutation' as const, field })),
  ]
  const inputFields = new Map(
    schema.types.map((type) => [type.name, (type.inputFields ?? []).map(({ name }) => name)]),
  )
  return { operations, inputFields }
}

/** One operation calling `field`, its arguments given as variables (JSON text each). */
const operationRequest = (
  { kind, field }: Operation,
  variables: Record<string, string>,
): RawRequest => {
  const declared = field.args.filter((arg) => arg.name in variables)
  const declarations = declared.map((arg) => `$${arg.name}: ${typeName(arg.type)}`).join(', ')
  const passed = declared.map((arg) => `${arg.name}: $${arg.name}`).join(', ')
  const selection = ['OBJECT', 'INTERFACE', 'UNION'].includes(named(field.type).kind)
    ? ' { __typename }'
    : ''
  const query = `${kind}${declarations ? `(${declarations})` : ''} { ${field.name}${
    passed ? `(${passed})` : ''
  }${selection} }`
  const values = Object.entries(variables).map(([name, json]) => `${JSON.stringify(name)}:${json}`)
  return graphqlRequest(`{"query":${JSON.stringify(query)},"variables":{${values.join(',')}}}`)
}

const graphqlRequest = (body: string | Uint8Array, contentType = 'application/json') => ({
  method: 'POST' as const,
  path: '/graphql',
  body,
  contentType,
})

const deepSelection = (depth: number) => `{ ${'a { '.repeat(depth)}b${' }'.repeat(depth)} }`

const GRAPHQL_BODIES: RawRequest[] = [
  ...rawBodies('POST', '/graphql'),
  ...[
    '{"query":"{"}',
    '{"query":1}',
    '{"query":"{ __typename }","variables":"x"}',
    '{"query":"{ Reviews(where: {comment: {equals: \\"\\\\u0000\\"}}) { totalDocs } }"}',
    JSON.stringify({ query: deepSelection(8000) }),
    JSON.stringify({ query: `{ ${'__typename '.repeat(50_000)}}` }),
    JSON.stringify({ query: '{ Review(id: 2147483648) { id } }' }),
    JSON.stringify({ query: '{ Review(id: "abc") { id } }' }),
  ].map((body) => graphqlRequest(body)),
]

/**
 * The parts of the GraphQL corpus, a test each: malformed bodies and ids for everyone; for an
 * admin, whom every operation reads, bad values in each field of the input it takes too.
 */
export const GRAPHQL_PARTS = {
  bodies: 'malformed bodies',
  ids: 'bad ids',
  data: 'bad values in each field of a new document',
  where: 'bad values in each field of a query',
} as const
export type GraphqlPart = keyof typeof GRAPHQL_PARTS

/**
 * Which operations a walk takes: every `of`-th from the `index`-th, so that a part too long for
 * one test is several of a similar length.
 */
export type Share = { index: number; of: number }

/** The malformed requests of one part of the corpus for the GraphQL door. */
const graphqlRequests = async (
  caller: Caller,
  part: GraphqlPart,
  { index, of }: Share,
): Promise<RawRequest[]> => {
  if (part === 'bodies') return GRAPHQL_BODIES
  const schema = await introspect()
  const { inputFields } = schema
  const operations = schema.operations.filter((_, position) => position % of === index)
  const argument = ({ field }: Operation, name: string) =>
    field.args.find((arg) => arg.name === name)
  if (part === 'ids') {
    return operations
      .filter((operation) => argument(operation, 'id'))
      .flatMap((operation) =>
        BAD_FIELD_VALUES.map((value) => operationRequest(operation, { id: value })),
      )
  }
  if (caller !== admin) throw new Error(`Only an admin's walk has the part ${part}.`)
  const inputOf = (operation: Operation, name: string) => {
    const arg = argument(operation, name)
    return arg ? (inputFields.get(named(arg.type).name!) ?? []) : []
  }
  // Creating and listing stand for updating and counting: the same guard reads their input.
  if (part === 'data') {
    return operations
      .filter(({ field }) => field.name.startsWith('create'))
      .flatMap((operation) =>
        inputOf(operation, 'data').flatMap((name) =>
          BAD_FIELD_VALUES.map((value) =>
            operationRequest(operation, { data: `{${JSON.stringify(name)}:${value}}` }),
          ),
        ),
      )
  }
  return operations
    .filter(({ kind, field }) => kind === 'query' && !field.name.startsWith('count'))
    .flatMap((operation) =>
      inputOf(operation, 'where').flatMap((name) =>
        BAD_FIELD_VALUES.map((value) =>
          operationRequest(operation, { where: `{${JSON.stringify(name)}:{"equals":${value}}}` }),
        ),
      ),
    )
}

/** What a walk of every site call finds wrong in the answers to `caller`. */
export const walkSiteCalls = async (caller: Caller) => {
  const problems: string[] = []
  for (const doc of siteCalls()) {
    // Calls for anyone get the whole corpus from a guest; the others answer a guest before they
    // read anything, and get the whole corpus from a member.
    const readable = (doc.auth === 'anyone') === (caller === guest)
    const requests = readable ? siteRequests(doc) : unreadableRequests(doc)
    const after = caller !== guest && CREATING_CALLS.has(doc.path) ? resetMember : undefined
    problems.push(...(await walk({ caller, requests, problemOf: siteProblem, after })))
  }
  return problems
}

/**
 * The collections with REST routes, read from the config before any test starts: a walk per
 * collection is a test of its own, which names the collection when it fails and ends in seconds.
 */
export const restCollections = async () =>
  (await config).collections
    .filter((collection) => collection.endpoints && collection.endpoints.length > 0)
    .map((collection) => collection.slug)

/** What a walk of every REST route of the collection `slug` finds wrong for `caller`. */
export const walkRestDoors = async (caller: Caller, slug: string) => {
  const problems: string[] = []
  for (const route of collectionRoutes(slug)) {
    const requests = restRequests(slug, route, caller)
    const creates = route.method === 'POST' && route.path === `/${slug}`
    const after = creates ? resetDocuments : undefined
    problems.push(...(await walk({ caller, requests, problemOf: restProblem, after })))
  }
  return problems
}

/** What a walk of one part of the GraphQL corpus (or a share of it) finds wrong for `caller`. */
export const walkGraphqlDoor = async (
  caller: Caller,
  part: GraphqlPart,
  share: Share = { index: 0, of: 1 },
) =>
  walk({ caller, requests: await graphqlRequests(caller, part, share), problemOf: graphqlProblem })
