import type { AfterErrorHook, PayloadRequest, SanitizedCollectionConfig } from 'payload'

import { isInputFault, isUnreadableMultipart, isUnreadableUploadFields } from '@/server/inputFaults'
import { messageLocale, serverMessage } from '@/server/serverMessages'

import { errorAnswer, errorCause } from './errorAnswers'

/**
 * Payload serves its version and email-verification routes for every collection; where the
 * collection has no versions, or no verification, they fail inside instead of being absent.
 */
const isAbsentRoute = (req: PayloadRequest, collection?: SanitizedCollectionConfig) => {
  if (!collection) return false
  const segments = new URL(req.url ?? '', 'http://localhost').pathname.split('/')
  const route = segments[segments.indexOf(collection.slug) + 1]
  return (
    (route === 'versions' && !collection.versions) ||
    (route === 'verify' && !(collection.auth && collection.auth.verify))
  )
}

/**
 * Payload's doors (REST and GraphQL) answer what the request itself got wrong with a 4xx in
 * Payload's shape instead of a 500: a value Postgres refused, a reference to no row or input
 * nested past the parsers (src/server/inputFaults), an unreadable multipart body (400), a route
 * this collection does not have (404). Everything else — the database down, a bug — stays a
 * server error. `refuseUnstorableInput` refuses most bad input earlier; this is the net under it.
 */
export const answerInputFaults: AfterErrorHook = ({ collection, error, graphqlResult, req }) => {
  const cause = errorCause({ error, graphqlResult })
  const say = (key: string) => serverMessage({ locale: messageLocale(req), key: `api.${key}` })
  if (!graphqlResult && isAbsentRoute(req, collection)) {
    return { response: { errors: [{ message: req.t('general:notFound') }] }, status: 404 }
  }
  if (
    !graphqlResult &&
    req.files === undefined &&
    isUnreadableMultipart({ error: cause, headers: req.headers })
  ) {
    return { response: { errors: [{ message: say('malformed-request') }] }, status: 400 }
  }
  // An upload's `_payload` form field that is no JSON (patches/payload: a 400, not a crash).
  if (!graphqlResult && isUnreadableUploadFields({ error: cause, headers: req.headers })) {
    return { response: { errors: [{ message: say('upload-fields-missing') }] }, status: 400 }
  }
  // Payload's REST routes read a path's id with parseFloat: `abc` reaches SQL as NaN.
  const routeId = req.routeParams?.id
  const input = [
    req.data,
    req.query,
    req.routeParams,
    typeof routeId === 'string' && String(parseFloat(routeId)),
  ]
  if (!isInputFault({ error: cause, input, url: req.url })) return
  return errorAnswer({ graphqlResult, status: 400, message: say('value-invalid') })
}
