import type { AfterErrorHook, CollectionAfterMeHook, PayloadRequest } from 'payload'

import { isDatabaseUnavailableError } from '@/lib/databaseOutage'
import { DatabaseUnavailableError, retryAfterHeaders } from '@/server/databaseHealth'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { sessionLookupFailed } from '@/server/sessionLookup'

import { errorAnswer, errorCause } from './errorAnswers'

/** A signed-in request that Payload took for a guest because the database did not answer. */
const lostItsSession = (req: PayloadRequest) =>
  !req.user &&
  sessionLookupFailed({ payload: req.payload, headers: req.headers }).catch(() => false)

/**
 * Payload's doors (REST and GraphQL) answer a request that met the database away with 503 and
 * Retry-After, in the request's language: whether a query failed for it, or the session check
 * failed and left a signed-in caller refused as a guest (401/403). Never a 401, 404 or 500 that
 * a client would take for the end of its session or a missing record.
 */
export const answerDatabaseOutage: AfterErrorHook = async ({ error, graphqlResult, req }) => {
  const cause = errorCause({ error, graphqlResult })
  const status = (cause as { status?: unknown }).status
  const unavailable =
    isDatabaseUnavailableError(cause) ||
    ((status === 401 || status === 403) && (await lostItsSession(req)))
  if (!unavailable) return
  const headers = new Headers(req.responseHeaders)
  for (const [name, value] of Object.entries(retryAfterHeaders())) headers.set(name, value)
  req.responseHeaders = headers
  const message = serverMessage({
    locale: messageLocale(req),
    key: 'api.service-unavailable',
  })
  return errorAnswer({ graphqlResult, status: 503, message })
}

/**
 * `GET /api/users/me` answers `{user: null}` to a guest. To a signed-in caller whose account the
 * database could not give, that would say "signed out": it is a 503 instead (answered above).
 */
export const refuseFalseGuest: CollectionAfterMeHook = async ({ req, response }) => {
  if ((response as { user?: unknown }).user || !(await lostItsSession(req))) return response
  throw new DatabaseUnavailableError()
}
