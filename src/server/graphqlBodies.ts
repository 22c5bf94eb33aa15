import 'server-only'

import { APIError } from 'payload'

import { isUnreadableMultipart } from './inputFaults'
import { requestLocale, serverMessage } from './serverMessages'

type Handler = (request: Request) => Promise<Response>

/**
 * Payload's GraphQL route reads the body before its own error handling starts, so a body that
 * is no JSON (or no readable multipart) escapes it and becomes an empty 500, and graphql-http
 * answers a body of another type with a bare 415. Both are answered here as GraphQL answers its
 * own errors: `{errors: [{message, extensions: {statusCode}}]}`. Any other failure is thrown on.
 */
export const answerUnreadableBodies =
  (handler: Handler): Handler =>
  async (request) => {
    const unreadable = (status: number) => {
      const message = serverMessage({
        locale: requestLocale(request.headers),
        key: 'api.malformed-request',
      })
      return Response.json(
        { errors: [{ message, extensions: { statusCode: status } }] },
        { status },
      )
    }
    let response: Response
    try {
      response = await handler(request)
    } catch (error) {
      const isClientError = error instanceof APIError && error.status < 500
      if (!isClientError && !isUnreadableMultipart({ error, headers: request.headers })) throw error
      return unreadable(400)
    }
    // graphql-http refuses a body of another media type (415) with no body at all.
    const isBare = !(response.headers.get('content-type') ?? '').includes('json')
    return response.status >= 400 && response.status < 500 && isBare
      ? unreadable(response.status)
      : response
  }
