import 'server-only'

import { INPUT_DEPTH_MAX } from '@/lib/limits'
import { isWellEncoded } from '@/lib/percentEncoding'

/** What a walk over a request's input found. */
export type InputScan = {
  /** Text no column takes, in a key or a value: a NUL character, or half a surrogate pair. */
  hasBadText: boolean
  /** The JSON escape of a NUL character, as a GraphQL query carries it inside its text. */
  hasNulEscape: boolean
  /** Nested deeper than INPUT_DEPTH_MAX (the walk stops there). */
  isTooDeep: boolean
  /** Every scalar met, as text. */
  values: Set<string>
  /** The keys given the value null. */
  nullKeys: Set<string>
}

const NUL_ESCAPE = '\\u0000'

const isBadText = (text: string) => text.includes('\0') || !text.isWellFormed()

/** Walks `input` without recursion, so a value nested 100,000 deep cannot overflow the stack. */
export const scanInput = (input: unknown): InputScan => {
  const scan: InputScan = {
    hasBadText: false,
    hasNulEscape: false,
    isTooDeep: false,
    values: new Set(),
    nullKeys: new Set(),
  }
  const stack: [unknown, number][] = [[input, 0]]
  while (stack.length) {
    const [value, depth] = stack.pop()!
    if (typeof value === 'string') {
      if (isBadText(value)) scan.hasBadText = true
      if (value.includes(NUL_ESCAPE)) scan.hasNulEscape = true
      scan.values.add(value)
    } else if (['number', 'bigint', 'boolean'].includes(typeof value)) {
      scan.values.add(String(value))
    } else if (value && typeof value === 'object') {
      if (depth >= INPUT_DEPTH_MAX) {
        scan.isTooDeep = true
        continue
      }
      for (const [key, item] of Object.entries(value)) {
        if (isBadText(key)) scan.hasBadText = true
        if (item === null) scan.nullKeys.add(key)
        stack.push([item, depth + 1])
      }
    }
  }
  return scan
}

/** True when a value holds text no column takes or nests too deep: nothing could store it. */
export const isUnstorable = (value: unknown) => {
  const { hasBadText, isTooDeep } = scanInput(value)
  return hasBadText || isTooDeep
}

/** Whether a URL's path or query holds percent-encoding that decodes to no text. */
export const hasMalformedEncoding = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost')
  return !isWellEncoded(pathname) || !isWellEncoded(search.replace(/\+/g, ' '))
}

/** What the multipart parser (busboy, and Payload's check before it) says of a broken body. */
const MULTIPART_FAILURES = new Set([
  'Unexpected end of form',
  'Unexpected end of file',
  'Malformed part header',
  'Multipart: Boundary not found',
  'Request is not eligible for file upload',
])

/**
 * A multipart body that could not be read: Payload passes the parser's complaint on as a 500 (or
 * throws it as it is) before any file is set on the request.
 */
export const isUnreadableMultipart = ({ error, headers }: { error: unknown; headers: Headers }) =>
  error instanceof Error &&
  MULTIPART_FAILURES.has(error.message) &&
  (headers.get('content-type') ?? '').includes('multipart/')

/** Payload's 400 for a multipart `_payload` field that is no JSON (patches/payload+3.90.1.patch). */
export const isUnreadableUploadFields = ({
  error,
  headers,
}: {
  error: unknown
  headers: Headers
}) =>
  error instanceof Error &&
  (error as { status?: unknown }).status === 400 &&
  error.message === 'Invalid JSON' &&
  (headers.get('content-type') ?? '').includes('multipart/')

type DatabaseFailure = { code: string; message: string; detail?: string; params: unknown[] }

/** The Postgres error under a Drizzle error, with the failed query's parameters. */
const databaseFailureOf = (error: unknown): DatabaseFailure | null => {
  let params: unknown[] = []
  let current: unknown = error
  for (let level = 0; level < 5 && current && typeof current === 'object'; level += 1) {
    const node = current as { code?: unknown; detail?: unknown; params?: unknown; cause?: unknown }
    if (Array.isArray(node.params)) params = node.params
    if (typeof node.code === 'string' && /^[0-9A-Z]{5}$/.test(node.code)) {
      return {
        code: node.code,
        message: current instanceof Error ? current.message : '',
        detail: typeof node.detail === 'string' ? node.detail : undefined,
        params,
      }
    }
    current = node.cause
  }
  return null
}

/** Postgres refusing a value: invalid text, out of range, too long, or a bad date. */
const VALUE_CODES = new Set(['22P02', '22003', '22001', '22007', '22008'])
/** Postgres refusing characters: NUL (22021) and `\u0000` in jsonb (22P05). */
const CHARACTER_CODES = new Set(['22021', '22P05'])

const MISSING_KEY = /^Key \([^)]*\)=\((.*)\) is not present in table/

/**
 * Whether `error` was provably caused by the request's input, `input` being everything the
 * request carried (body, query, route parameters): a database refusal of a value the input holds,
 * a reference from the input to a row that does not exist, a null the input gave a column that
 * takes none, input nested past what the parsers manage, or an address whose percent-encoding decodes to nothing. Anything else — the database
 * down, a bug — is not, and stays a server error.
 */
export const isInputFault = ({
  error,
  input,
  url,
}: {
  error: unknown
  input: unknown
  url?: string
}): boolean => {
  if (error instanceof URIError) return Boolean(url && hasMalformedEncoding(url))
  const scan = scanInput(input)
  if (error instanceof RangeError) return scan.isTooDeep && /call stack/i.test(error.message)
  const failure = databaseFailureOf(error)
  if (!failure) return false
  const fromInput = (value: unknown) => value != null && scan.values.has(String(value))
  if (CHARACTER_CODES.has(failure.code)) return scan.hasBadText || scan.hasNulEscape
  if (VALUE_CODES.has(failure.code)) {
    // Postgres quotes the value it refused ('invalid input syntax for type integer: "abc"');
    // without one ('value too long for type character varying(255)'), a parameter of the
    // failed query must have come from the input.
    const refused = failure.message.match(/"(.*)"/)?.[1]
    return refused !== undefined ? fromInput(refused) : failure.params.some(fromInput)
  }
  if (failure.code === '54001') return scan.isTooDeep
  if (failure.code === '23502') {
    // 'null value in column "created_at" of relation "users"': the input set createdAt to null.
    const column = failure.message.match(/column "(\w+)"/)?.[1] ?? ''
    return scan.nullKeys.has(
      column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
    )
  }
  if (failure.code === '23503') {
    const missing = failure.detail?.match(MISSING_KEY)?.[1]
    return missing !== undefined && fromInput(missing)
  }
  return false
}
