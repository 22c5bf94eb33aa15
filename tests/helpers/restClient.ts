import { GRAPHQL_POST, REST_DELETE, REST_GET, REST_PATCH, REST_POST } from '@payloadcms/next/routes'

import { PEER_ADDRESS_HEADER } from '@/lib/peerAddress'
import config from '@payload-config'

/** A client address of its own for each call: the TCP peer that scripts/serve.ts would tell. */
const anyPeer = () =>
  `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`

const handlers = {
  GET: REST_GET(config),
  POST: REST_POST(config),
  PATCH: REST_PATCH(config),
  DELETE: REST_DELETE(config),
}

type Method = keyof typeof handlers

/**
 * Calls the app's REST API through the same route handlers Next serves at /api, without a
 * running server (the way Payload's own NextRESTClient does).
 */
export const rest = async (
  method: Method,
  path: string,
  {
    body,
    token,
    headers = {},
  }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) => {
  const url = new URL(`/api${path}`, 'http://localhost:3000')
  const isForm = body instanceof FormData
  const request = new Request(url, {
    method,
    headers: {
      // Each call comes from its own client address, so the per-address limits of one test do
      // not spill into the next; tests of those limits pass the header themselves.
      [PEER_ADDRESS_HEADER]: anyPeer(),
      ...(token ? { Authorization: `JWT ${token}` } : {}),
      ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  })
  const slug = url.pathname.replace(/^\/api\//, '').split('/')
  const response = await handlers[method](request, { params: Promise.resolve({ slug }) })
  const text = await response.text()
  // A download (CSV, plain text, a PGP key) is given as its text; every other answer is JSON.
  const download = /^(text\/|application\/pgp-keys)/.test(
    response.headers.get('content-type') ?? '',
  )
  return {
    status: response.status,
    headers: response.headers,
    json: text && !download ? JSON.parse(text) : null,
    text,
  }
}

const graphqlHandler = GRAPHQL_POST(config)

/** Calls the app's GraphQL door (`POST /api/graphql`) the same way, without a running server. */
export const graphql = async (
  query: string,
  {
    variables,
    token,
    headers = {},
  }: { variables?: Record<string, unknown>; token?: string; headers?: Record<string, string> } = {},
) => {
  const request = new Request('http://localhost:3000/api/graphql', {
    method: 'POST',
    headers: {
      [PEER_ADDRESS_HEADER]: anyPeer(),
      ...(token ? { Authorization: `JWT ${token}` } : {}),
      'Content-Type': 'application/json',
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  })
  const response = await graphqlHandler(request)
  const text = await response.text()
  return {
    status: response.status,
    json: text
      ? (JSON.parse(text) as {
          data?: Record<string, unknown>
          errors?: { message: string; extensions?: Record<string, unknown> }[]
        })
      : null,
  }
}

/** GET /api/<collection>/file/<name> (an upload's file route) as `token`'s holder, or a guest. */
export const fileResponse = ({
  collection = 'attachments',
  filename,
  token,
  search = '',
  headers = {},
}: {
  collection?: string
  filename: string
  token?: string
  search?: string
  headers?: Record<string, string>
}) => {
  const url = new URL(`/api/${collection}/file/${filename}${search}`, 'http://localhost:3000')
  return handlers.GET(
    new Request(url, {
      headers: { ...headers, ...(token ? { Authorization: `JWT ${token}` } : {}) },
    }),
    { params: Promise.resolve({ slug: [collection, 'file', filename] }) },
  )
}

/** The status of `fileResponse`: the body is read and dropped. */
export const fileStatus = async (options: Parameters<typeof fileResponse>[0]) => {
  const response = await fileResponse(options)
  await response.arrayBuffer()
  return response.status
}
