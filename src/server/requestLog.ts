import 'server-only'

import type { Payload } from 'payload'

import { logFormat } from './env'
import { outsideRequest } from './requestContext'
import { sessionToken, tokenClaims } from './sessionLookup'

/** A request as the app's server saw it answered (scripts/serve.ts). */
export type AnsweredRequest = {
  id: string
  method: string
  path: string
  status: number
  seconds: number
  authorization?: string
  cookie?: string
}

/**
 * The path as logged: without its query, and with each long opaque segment (a password-reset or
 * unsubscribe token) replaced by `:token`, so the log holds no key to an account.
 */
export const loggedPath = (path: string) =>
  path
    .split('?')[0]
    .split('/')
    .map((segment) =>
      segment.length >= 20 && /^[\w-]+$/.test(segment) && /\d/.test(segment) ? ':token' : segment,
    )
    .join('/')

/**
 * One line per request: its id (X-Request-Id, also in every line the app logs for it), method,
 * path, status, time, and the account whose genuine session token it carried. No address: who
 * called from where is kept only where a rule needs it (the rate limits, the security log).
 * `LOG_FORMAT=json` writes each as one JSON object; the default, as one readable line.
 */
export const logRequest = async (payload: Payload, request: AnsweredRequest) => {
  const headers = new Headers()
  if (request.authorization) headers.set('authorization', request.authorization)
  if (request.cookie) headers.set('cookie', request.cookie)
  const token = sessionToken({ payload, headers })
  const userId = token ? ((await tokenClaims({ payload, token }))?.id ?? null) : null
  const route = loggedPath(request.path)
  const ms = Math.round(request.seconds * 1000)
  const line = `${request.method} ${route} ${request.status} ${ms} ms`
  // Logged as itself, not as a line of the request (the logger's mixin would add the id again).
  outsideRequest(() => {
    if (logFormat() === 'json') {
      payload.logger.info(
        {
          kind: 'request',
          requestId: request.id,
          method: request.method,
          route,
          status: request.status,
          ms,
          userId,
        },
        line,
      )
    } else {
      payload.logger.info(`${line} · ${request.id}${userId === null ? '' : ` · user ${userId}`}`)
    }
  })
}
