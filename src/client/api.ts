/**
 * The browser's client for the REST API (spec §4, §7): bearer token, JSON or form data, one token
 * renewal and retry on a 401 to a POST, a non-OK GET as a failure, every non-OK answer logged.
 * Paths, bodies, queries and answers are typed by the calls' declarations (`src/api`), of which
 * only the types come here.
 */
import type * as Api from '@/api'
import type { AnswerOf, BodyOf, CallDeclaration, QueryOf } from '@/api/call'

import { announceBlocked, reasonOf } from './blocked'

type Declared = Extract<(typeof Api)[keyof typeof Api], CallDeclaration>
type Method = 'GET' | 'POST'
type CallAt<M extends Method, P> = Extract<Declared, { method: Lowercase<M>; path: P }>

/** The paths of the declared calls made with GET, and with POST. */
export type GetPath = Extract<Declared, { method: 'get' }>['path']
export type PostPath = Extract<Declared, { method: 'post' }>['path']

/** A call's 200 body, its body and its query, as the browser sends and reads them. */
export type GetAnswer<P extends GetPath> = AnswerOf<CallAt<'GET', P>>
export type PostAnswer<P extends PostPath> = AnswerOf<CallAt<'POST', P>>
export type PostBody<P extends PostPath> = BodyOf<CallAt<'POST', P>>
export type GetQuery<P extends GetPath> = QueryOf<CallAt<'GET', P>>

/**
 * A failure's body: the site's (design.md §4: a stable `code`, the spec's sentence, and per-field
 * sentences for validation) or Payload's (`errors` as a list); a non-OK answer without a JSON
 * body is given this shape too.
 */
export type ApiErrorBody = {
  status?: number
  code?: string
  message?: string
  errors?: Record<string, string[]> | { message: string; data?: unknown }[]
}

/** apiPost's answer, OK or not: `ok` says whether `data` is the success body T or error body E. */
export type ApiAnswer<T, E = ApiErrorBody> =
  { ok: true; status: number; data: T } | { ok: false; status: number; data: E }

export class ApiError extends Error {
  readonly status: number
  readonly body: ApiErrorBody

  constructor({ status, body, path }: { status: number; body: ApiErrorBody; path: string }) {
    super(`GET ${path} answered ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
}

type Answer = { ok: boolean; status: number; data: unknown }

let baseUrlOverride: string | null = null

/** Points the client at another API root (tests, or a page served apart from the API). */
export const configureApiClient = ({ baseUrl }: { baseUrl: string | null }) => {
  baseUrlOverride = baseUrl
}

/** A declared GET call's path with its query (an SWR key, an EventSource's address). */
export const apiPath = <P extends GetPath>(path: P, query?: GetQuery<P>) => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value))
  }
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

/** The address of an API path (an EventSource's too). */
export const apiUrl = (path: string) => {
  const base = (baseUrlOverride || process.env.NEXT_PUBLIC_API_URL || '/api').replace(/\/$/, '')
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`
}

// In memory only: the httpOnly session cookie is what carries the session across reloads.
let authToken: string | null = null

export const setAuthToken = (token: string | null) => {
  authToken = token
}

export const getAuthToken = () => authToken

const parseBody = async (response: Response): Promise<unknown> => {
  const text = await response.text()
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return text
  }
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null

const send = async ({
  method,
  path,
  body,
  init = {},
  withToken = true,
}: {
  method: Method
  path: string
  body?: Record<string, unknown> | FormData
  init?: RequestInit
  withToken?: boolean
}): Promise<Answer> => {
  const headers = new Headers(init.headers)
  headers.set('Accept', 'application/json')
  if (withToken && authToken) headers.set('Authorization', `Bearer ${authToken}`)
  const isForm = body instanceof FormData
  // FormData sets its own multipart Content-Type, boundary included.
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json')
  const response = await fetch(apiUrl(path), {
    ...init,
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  })
  const data = await parseBody(response)
  if (response.ok) return { ok: true, status: response.status, data }
  console.warn('[api]', method, path, response.status)
  // 402 is the block (spec §7): the whole tab hears of it, whichever call met it first. The
  // sign-in steps say it on their own form.
  if (response.status === 402 && !isSignInStep(path)) announceBlocked({ reason: reasonOf(data) })
  const message = typeof data === 'string' && data ? data : response.statusText
  const errorBody = isObject(data)
    ? data
    : { errors: [{ message: message || `${response.status}` }] }
  return { ok: false, status: response.status, data: errorBody }
}

const isSignInStep = (path: string) =>
  /^\/(login|login-pgp|login-google|verify-otp-login|google-sign-in)(\?|$)/.test(path)

let renewal: Promise<boolean> | null = null

/**
 * A new token from the session cookie. The rejected bearer token is left out: Payload reads the
 * header before the cookie, so it would hide a session that is still valid.
 */
const renewToken = () => {
  renewal ??= send({ method: 'POST', path: '/users/refresh-token', withToken: false })
    .then(({ ok, data }) => {
      const token = isObject(data) ? (data as { refreshedToken?: unknown }).refreshedToken : null
      if (!ok || typeof token !== 'string') return false
      setAuthToken(token)
      return true
    })
    .catch(() => false)
    .finally(() => {
      renewal = null
    })
  return renewal
}

// A 401 here means wrong credentials or no session, which a new token cannot change; retrying a
// login would also count a second failed attempt towards the lockout.
const isUnrenewable = (path: string) => /\/(login|refresh-token)(\?|$)/.test(path)

/** GET: resolves with the parsed body; any non-OK answer rejects with an ApiError. */
export async function apiGet<P extends GetPath>(
  path: P,
  query?: GetQuery<P>,
  init?: RequestInit,
): Promise<GetAnswer<P>>
export async function apiGet(
  path: GetPath,
  query?: Record<string, unknown>,
  init?: RequestInit,
): Promise<unknown> {
  return getAddress(apiPath(path, query as never), init)
}

/** GET of an address `apiPath` made (an SWR key): as apiGet, typed by the key's owner. */
export const getAddress = async (address: string, init?: RequestInit): Promise<unknown> => {
  const answer = await send({ method: 'GET', path: address, init })
  if (!answer.ok) {
    throw new ApiError({ status: answer.status, body: answer.data as ApiErrorBody, path: address })
  }
  return answer.data
}

/** POST: resolves with the answer, OK or not, so the caller can show the server's message. */
export async function apiPost<P extends PostPath>(
  path: P,
  body: PostBody<P> extends undefined ? Record<string, never> : PostBody<P> | FormData,
  init?: RequestInit,
): Promise<ApiAnswer<PostAnswer<P>>>
export async function apiPost(
  path: string,
  payload: unknown,
  init?: RequestInit,
): Promise<ApiAnswer<unknown, unknown>> {
  const body = payload as Record<string, unknown> | FormData
  const answer = await send({ method: 'POST', path, body, init })
  if (answer.status !== 401 || isUnrenewable(path) || !(await renewToken())) {
    return answer as ApiAnswer<unknown, unknown>
  }
  return (await send({ method: 'POST', path, body, init })) as ApiAnswer<unknown, unknown>
}
