import type { z } from 'zod'

import { BODY_BYTES_MAX } from '@/lib/limits'
import type { Capability } from '@/lib/roles'

/**
 * The API's calls, each declared once (ARCHITECTURE.md, "The calls"): its path and method, who
 * may make it, the zod schemas of its body and query, and the type of its answer. The server's
 * `defineEndpoint` takes a declaration and adds the handler; the browser's client
 * (`src/client/api.ts`) takes only the declarations' types, so a wrong path, a wrong body or a
 * misread answer fails the type check, and no zod reaches the browser.
 */

/**
 * Who may call: anyone (guests too), any signed-in user, or the signed-in users a capability of
 * the role model admits (`canModerateChat`, src/lib/roles.ts), never a list of roles.
 */
export type Caller = 'anyone' | 'signedIn' | Capability

declare const answerType: unique symbol

/**
 * What a 200 carries besides `status: 200`: `T` for the type check, `doc` for the OpenAPI
 * document (`{review}`).
 */
export type Answer<T> = { readonly doc: string; readonly [answerType]?: T }

export const answer = <T extends object = Record<never, never>>(doc = '') => ({ doc }) as Answer<T>

export type CallDeclaration = {
  path: `/${string}`
  method: 'get' | 'post'
  auth: Caller
  /** One line for the OpenAPI document. */
  summary: string
  answer: Answer<object>
  /** The fields of the request's body, JSON or form data; failures answer 422 per field. */
  body?: z.ZodType
  /** The call takes form data (the spec's (F) calls), files included. */
  form?: boolean
  /**
   * The most its body may weigh, in bytes (BODY_BYTES_MAX unless given: a call taking files
   * allows them at their own limits); past it, 413 before the body is read whole.
   */
  bodyBytesMax?: number
  /** The query's parameters (each by its first value); failures answer 422 per parameter. */
  query?: z.ZodType
  /** Served by Payload itself (`/users/me`), not by a `defineEndpoint` of the site. */
  payload?: true
}

/** The most a call's body may weigh, in bytes: its own size, or BODY_BYTES_MAX. */
export const bodyBytesMaxOf = ({ bodyBytesMax }: Pick<CallDeclaration, 'bodyBytesMax'>) =>
  bodyBytesMax ?? BODY_BYTES_MAX

/** A call's declaration, its literal path and method kept for the type check. */
export const declareCall = <const D extends CallDeclaration>(declaration: D): D => declaration

/** The body of a 200, as the browser reads it. */
export type AnswerOf<D> = D extends { answer: Answer<infer T> } ? { status: 200 } & T : never

/** What the caller sends: the schema's input (before coercion and defaults). */
export type BodyOf<D> = D extends { body: infer S extends z.ZodType } ? z.input<S> : undefined
export type QueryOf<D> = D extends { query: infer S extends z.ZodType } ? z.input<S> : undefined

/** What the handler receives: the schema's output. */
export type ParsedBodyOf<D> = D extends { body: infer S extends z.ZodType }
  ? z.output<S>
  : undefined
export type ParsedQueryOf<D> = D extends { query: infer S extends z.ZodType }
  ? z.output<S>
  : undefined
