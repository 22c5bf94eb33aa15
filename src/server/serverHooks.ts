import 'server-only'

import type { Payload } from 'payload'

import { mayReadMetrics, metrics, metricsText } from './metrics'
import { type AnsweredRequest, logRequest } from './requestLog'

/** Where the requests a route group holds go (scripts/serve.ts). */
export type RouteGroup = 'page' | 'api' | 'graphql' | 'admin' | 'static' | 'health'

/**
 * What the app offers its server (scripts/serve.ts, which loads no server module) once Payload
 * has started, through globalThis: each answered request's figures and log line, and the
 * metrics' answer (null: not for this caller).
 */
export type ServerHooks = {
  requestDone: (request: AnsweredRequest & { group: RouteGroup }) => void
  answerMetrics: (
    authorization: string | undefined,
  ) => Promise<{ contentType: string; body: string } | null>
}

/** Requests not logged one by one: the site's own files and the balancers' health checks. */
const UNLOGGED = new Set<RouteGroup>(['static', 'health'])

export const offerServerHooks = (payload: Payload) => {
  metrics().watch(payload)
  const hooks: ServerHooks = {
    requestDone: (request) => {
      metrics().requests.observe(
        { group: request.group, method: request.method, status: String(request.status) },
        request.seconds,
      )
      if (!UNLOGGED.has(request.group)) void logRequest(payload, request).catch(() => {})
    },
    answerMetrics: async (authorization) => (mayReadMetrics(authorization) ? metricsText() : null),
  }
  Object.assign(globalThis, { obzorServerHooks: hooks })
}
