import 'server-only'

import type { Payload } from 'payload'

import { flush } from './analytics/recorder'
import { mayReadMetrics, metrics } from './metrics'
import { metricsText } from './metricsExposition'
import { type AnsweredRequest, logRequest } from './requestLog'

/** Where the requests a route group holds go (scripts/serve.ts). */
export type RouteGroup =
  'page' | 'reviewer' | 'api' | 'graphql' | 'admin' | 'static' | 'health' | 'embed'

/** A guest's analytics report as the app's server has read it: its headers and its text. */
export type GuestReport = { headers: Headers; text: string }

/**
 * What the app offers its server (scripts/serve.ts) once Payload has started, the one door between
 * them: the server runs outside Next's bundles, which hold the app's own copies of its modules
 * (Payload, the counters), so of src/server it loads only what holds no state of the app (the
 * env's schema; requestContext.ts and primaryReads.ts, whose stores are on globalThis) and finds
 * these under one name on globalThis. Each answered request's figures and log line; the metrics' answer (null: not for
 * this caller); a guest's analytics report, answered by the track call's own endpoint
 * (endpoints/analytics, `guestReportsFor`), as Payload's route answers it; and the analytics
 * counts not yet written, written before the process stops (src/server/analytics/recorder.ts).
 */
export type ServerHooks = {
  requestDone: (request: AnsweredRequest & { group: RouteGroup }) => void
  answerMetrics: (
    authorization: string | undefined,
  ) => Promise<{ contentType: string; body: string } | null>
  answerGuestReport: (report: GuestReport) => Promise<Response>
  flushAnalytics: () => Promise<number>
}

/**
 * Requests not logged one by one: the site's own files, the balancers' health checks, and the
 * badges and widgets other sites show on each of their pages (counted, like all, in the metrics).
 */
const UNLOGGED = new Set<RouteGroup>(['static', 'health', 'embed'])

/** Offers the hooks; the guest reports' answer comes from the endpoints (the config's onInit). */
export const offerServerHooks = (
  payload: Payload,
  { answerGuestReport }: Pick<ServerHooks, 'answerGuestReport'>,
) => {
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
    answerGuestReport,
    flushAnalytics: flush,
  }
  Object.assign(globalThis, { obzorServerHooks: hooks })
}
