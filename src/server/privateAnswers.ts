import 'server-only'

import type { Endpoint, PayloadRequest, SanitizedConfig } from 'payload'

/**
 * An answer made for one person (their sessions, security log, notifications, analytics, mail
 * settings, `/users/me`, any collection read with their access) is kept by no cache, the
 * browser's included: every REST answer, the site's calls and Payload's own alike, to a signed-in
 * caller or that sets a cookie (a sign-in, a sign-out) says `Cache-Control: no-store`, unless it
 * set its own (a public picture's day in caches, a download's `private, no-store`). Added to
 * every endpoint once the config is built, so Payload's own are wrapped too; GraphQL is only
 * POSTed, which no cache keeps.
 */
const NO_STORE = 'no-store'

const keepsNothing = <E extends Endpoint>(endpoint: E): E => ({
  ...endpoint,
  handler: async (req: PayloadRequest) => {
    let response: Response
    try {
      response = await endpoint.handler(req)
    } catch (error) {
      // Payload answers what a handler throws with the request's response headers.
      if (req.user) (req.responseHeaders ??= new Headers()).set('Cache-Control', NO_STORE)
      throw error
    }
    const isPersonal = Boolean(req.user) || response.headers.has('set-cookie')
    if (!isPersonal || response.headers.has('cache-control')) return response
    const headers = new Headers(response.headers)
    headers.set('Cache-Control', NO_STORE)
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  },
})

const wrapped = new WeakSet<Endpoint>()

const wrapAll = <E extends Endpoint>(endpoints: E[]) =>
  endpoints.map((endpoint) => {
    if (wrapped.has(endpoint)) return endpoint
    const answer = keepsNothing(endpoint)
    wrapped.add(answer)
    return answer
  })

/** The built config with every endpoint's personal answers marked `no-store`. */
export const withPrivateAnswers = (config: SanitizedConfig): SanitizedConfig => {
  config.endpoints = wrapAll(config.endpoints)
  for (const part of [...config.collections, ...config.globals]) {
    if (part.endpoints) part.endpoints = wrapAll(part.endpoints)
  }
  return config
}
