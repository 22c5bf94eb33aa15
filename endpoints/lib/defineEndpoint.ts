import { APIError, type Endpoint, type PayloadRequest, ValidationError } from 'payload'

import {
  type Answer,
  type CallDeclaration,
  type Caller,
  type ParsedBodyOf,
  type ParsedQueryOf,
  bodyBytesMaxOf,
} from '@/api/call'
import { isDatabaseUnavailableError } from '@/lib/databaseOutage'
import { isInputFault } from '@/server/inputFaults'
import { expireAgainAfterCommit } from '@/server/publicCache'
import { speakSiteLanguage } from '@/server/serverMessages'
import type { User } from '@payload-types'

import { type Fields, parseFields, readBody } from './body'
import { requireUser } from './currentUser'
import { fail, ok, unavailable, validationFailure } from './http'
import { OtpVerificationError } from './otpVerification'
import { inSiteWords } from './uploadErrors'

/** The answer's own fields, as the call declares them. */
type AnswerBody<D> = D extends { answer: Answer<infer T> } ? T : never

type HandlerArgs<D extends CallDeclaration> = {
  req: PayloadRequest
  user: D['auth'] extends 'anyone' ? User | null : User
  body: ParsedBodyOf<D>
  query: ParsedQueryOf<D>
  files: File[]
  /** The 200 answer, `{status: 200, ...body}`, typed by the call's declaration. */
  reply: (body: AnswerBody<D>, init?: ResponseInit) => Response
}

/** What a declared call's endpoint adds to the declaration: its work. */
export type EndpointImplementation<D extends CallDeclaration> = {
  handler: (args: HandlerArgs<D>) => Promise<Response>
  /** Collection field paths renamed to the API's names in validation errors. */
  fieldNames?: Record<string, string>
}

/** A declaration as the OpenAPI document reads it (kept on the endpoint's `custom`). */
export type EndpointDoc = Omit<CallDeclaration, 'answer'> & { answer: string }

/**
 * Serves a call's declaration (src/api) with its handler, in the site's language (every message of
 * the call, Payload's too, is in the language the visitor reads the site in): the caller is checked
 * (401 for a guest, 402 'You are blocked.', 403 when the call's capability does not admit them)
 * and the input read (413 past the call's size, 400 when it is no JSON object or form) and parsed
 * (422) before the handler runs, so the handler holds only its own work. A collection's
 * ValidationError answers 422 (an upload's refusal in the site's words: lib/uploadErrors);
 * Payload's own client errors keep their status, in the API's shape; a database refusal of the
 * input's values answers 400 (src/server/inputFaults); a database that did not answer, 503 with
 * Retry-After; anything else is logged and answers 500 with the generic message (during a code's
 * check, lib/otpVerification: the OTP one), never a false 404. A successful call's writes have
 * committed when it answers: the pages they expired are expired once more.
 */
export const defineEndpoint = <const D extends CallDeclaration>(
  call: D,
  { handler, fieldNames }: EndpointImplementation<D>,
): Endpoint => {
  const doc: EndpointDoc = { ...call, answer: call.answer.doc }
  const definition: CallDeclaration = call
  return {
    path: definition.path,
    method: definition.method,
    custom: { doc },
    handler: async (req) => {
      const input: Fields[] = []
      try {
        await speakSiteLanguage(req)
        const caller = await identify(req, definition.auth)
        if (caller.failure) return caller.failure
        const read = definition.body
          ? await readBody(req, bodyBytesMaxOf(definition))
          : { fields: {}, files: [] }
        if (read.failure) return read.failure
        const { fields, files } = read
        input.push(fields)
        const body = parseFields({ req, fields, schema: definition.body })
        if (body.failure) return body.failure
        if (definition.query) input.push(queryFields(req))
        const query = definition.query
          ? parseFields({ req, fields: queryFields(req), schema: definition.query })
          : { data: undefined }
        if (query.failure) return query.failure
        const response = await handler({
          req,
          user: caller.user as User,
          body: body.data as never,
          query: query.data as never,
          files,
          reply: (answer, init) => ok(answer as Record<string, unknown>, init),
        })
        // The collection hooks expired the pages the call's writes touched, but inside their
        // transaction, where a page read in between could cache the old state again: now that
        // every write of the call has committed, the same tags are expired once more.
        if (response.ok) expireAgainAfterCommit(req)
        return response
      } catch (thrown) {
        const isDuringOtp = thrown instanceof OtpVerificationError
        const error = inSiteWords(req, isDuringOtp ? thrown.cause : thrown)
        if (error instanceof ValidationError) return validationFailure(error, fieldNames)
        if (error instanceof APIError && error.status < 500) {
          return Response.json(
            { status: error.status, message: error.message },
            { status: error.status },
          )
        }
        if (isInputFault({ error, input, url: req.url })) {
          return fail({ req, status: 400, code: 'value-invalid' })
        }
        if (isDatabaseUnavailableError(error)) return unavailable(req)
        req.payload.logger.error({ err: error, msg: `${definition.path} failed` })
        return fail({ req, status: 500, code: isDuringOtp ? 'otp-error' : 'unexpected-error' })
      }
    },
  }
}

const identify = async (
  req: PayloadRequest,
  auth: Caller,
): Promise<{ user: User | null; failure?: undefined } | { failure: Response }> => {
  if (auth === 'anyone') return { user: (req.user as User | null) ?? null }
  const { user, failure } = await requireUser(req)
  if (failure) return { failure }
  // A blocked account had its 402 above: the capability is asked of an unblocked one.
  if (auth !== 'signedIn' && !auth(user)) {
    return { failure: fail({ req, status: 403, code: 'forbidden' }) }
  }
  return { user }
}

/** The query's parameters, each by its first value. */
const queryFields = (req: PayloadRequest) =>
  Object.fromEntries(
    [...(req.searchParams?.keys() ?? [])].map((key) => [key, req.searchParams.get(key)]),
  )

/** The declarations of the endpoints made by defineEndpoint, for the OpenAPI document. */
export const endpointDocs = (endpoints: Endpoint[]): EndpointDoc[] =>
  endpoints.map((endpoint) => endpoint.custom?.doc as EndpointDoc).filter(Boolean)
