import { REST_DELETE, REST_GET, REST_PATCH, REST_POST } from '@payloadcms/next/routes'

import { POST as graphqlRoute } from '@/app/(payload)/api/graphql/route'
import { PEER_ADDRESS_HEADER } from '@/lib/peerAddress'
import config from '@payload-config'

const handlers = {
  GET: REST_GET(config),
  POST: REST_POST(config),
  PATCH: REST_PATCH(config),
  DELETE: REST_DELETE(config),
}

export type Method = keyof typeof handlers

/** A request exactly as sent: any body, any content type; `/graphql` goes to the GraphQL route. */
export type RawRequest = {
  method: Method
  path: string
  body?: string | Uint8Array
  contentType?: string
}

export type Answer = { status: number; headers: Headers; text: string; json: unknown }

/** Who sends: a guest has no token. */
export type Caller = { name: string; token?: string; id?: number }

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return undefined
  }
}

const anyPeer = () =>
  `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`

/**
 * Sends a raw request through the route handlers Next serves at /api (the GraphQL route module
 * itself for `/graphql`), the path's segments decoded as Next hands them over, in English.
 */
export const sendRaw = async (
  caller: Caller,
  { method, path, body, contentType }: RawRequest,
): Promise<Answer> => {
  const request = new Request(`http://localhost:3000/api${path}`, {
    method,
    headers: {
      // A client address of its own for each request, so no per-address limit is reached.
      [PEER_ADDRESS_HEADER]: anyPeer(),
      'Accept-Language': 'en',
      ...(caller.token ? { Authorization: `JWT ${caller.token}` } : {}),
      ...(contentType ? { 'Content-Type': contentType } : {}),
    },
    body: body as BodyInit | undefined,
  })
  const slug = path.split('?')[0].slice(1).split('/').map(decodeSegment)
  const response =
    path === '/graphql'
      ? await graphqlRoute(request)
      : await handlers[method](request, { params: Promise.resolve({ slug }) })
  // An event stream stays open: its opening is the answer, its body is not waited for.
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel()
    return { status: response.status, headers: response.headers, text: '', json: null }
  }
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, json: parse(text) }
}

/** A request in a line: a body by its end, where a walk puts the bad field. */
export const describeRequest = ({ method, path, body }: RawRequest) => {
  const text = typeof body === 'string' ? body : body ? '<bytes>' : ''
  const shown = text.length > 100 ? `…${text.slice(-100)}` : text
  return `${method} ${path.slice(0, 100)} ${JSON.stringify(shown.replace(/x{20,}/g, 'x…'))}`
}

/**
 * Sends the requests `batch` at a time; lists the ones whose answer `problemOf` finds wrong.
 * `after` runs after each batch, to undo what an accepted value changed.
 */
export const walk = async ({
  caller,
  requests,
  problemOf,
  batch = 8,
  after,
}: {
  caller: Caller
  requests: RawRequest[]
  problemOf: (answer: Answer) => string | null
  batch?: number
  after?: () => Promise<void>
}) => {
  const problems: string[] = []
  for (let start = 0; start < requests.length; start += batch) {
    const sent = requests.slice(start, start + batch)
    const answers = await Promise.all(sent.map((request) => sendRaw(caller, request)))
    answers.forEach((answer, index) => {
      const problem = problemOf(answer)
      if (problem) problems.push(`${describeRequest(sent[index])} → ${problem}`)
    })
    await after?.()
  }
  return problems
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value)

const short = (value: unknown) => JSON.stringify(value)?.slice(0, 160)

/** What is wrong with a site call's answer (design.md §4: `{status, message, errors?}`), or null. */
export const siteProblem = ({ status, headers, json }: Answer) => {
  if (status >= 500) return `answered ${status}`
  if (status < 400 && headers.get('content-type')?.startsWith('text/event-stream')) return null
  if (!isRecord(json)) return 'answered no JSON object'
  if (status < 400) return null
  if (json.status !== status || typeof json.message !== 'string' || !json.message) {
    return `not {status, message}: ${short(json)}`
  }
  const { errors } = json
  if (status === 422 && !isRecord(errors)) return 'a 422 without errors per field'
  const isPerField =
    errors === undefined ||
    (isRecord(errors) && Object.values(errors).every((messages) => Array.isArray(messages)))
  return isPerField ? null : `errors not per field: ${short(errors)}`
}

/** What is wrong with an answer of Payload's REST door (`{errors: [{message}]}`), or null. */
export const restProblem = ({ status, json }: Answer) => {
  if (status >= 500) return `answered ${status}`
  if (status < 400) return null
  const errors = isRecord(json) ? json.errors : undefined
  const hasMessages =
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((error) => isRecord(error) && typeof error.message === 'string')
  return hasMessages ? null : `not {errors: [{message}]}: ${short(json)}`
}

/** What is wrong with an answer of the GraphQL door (`{data}` or `{errors: [{message}]}`), or null. */
export const graphqlProblem = ({ status, json }: Answer) => {
  if (status >= 500) return `answered ${status}`
  if (!isRecord(json)) return 'answered no JSON object'
  const { errors } = json
  if (errors === undefined) return 'data' in json ? null : 'neither data nor errors'
  if (
    !Array.isArray(errors) ||
    !errors.every((e) => isRecord(e) && typeof e.message === 'string')
  ) {
    return `not {errors: [{message}]}: ${short(json)}`
  }
  const fault = errors.find((e) => isRecord(e.extensions) && Number(e.extensions.statusCode) >= 500)
  return fault ? `an error with status 500: ${(fault as { message: string }).message}` : null
}

/** The status GraphQL gives its first error. */
export const graphqlStatus = (answer: Answer) =>
  (answer.json as { errors?: { extensions?: { statusCode?: number } }[] } | null)?.errors?.[0]
    ?.extensions?.statusCode
