import 'server-only'

import { createHash } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'

import type { RateFeedError } from '@/lib/rates'
import {
  type AddressGuard,
  ProbeError,
  REDIRECTS,
  type Resolved,
  classify,
  pinnedLookup,
  resolveSafely,
} from '@/server/linkChecks/probe'

export type FeedFetchOptions = AddressGuard & {
  userAgent: string
  /** The most a feed's body may hold once decoded. */
  maxBytes: number
}

/** What the feed answered before (its validators), so an unchanged feed can answer 304. */
export type FeedValidators = { etag: string | null; lastModified: string | null }

export type FeedFetch =
  | {
      kind: 'body'
      status: number
      body: Buffer
      /** The decoded body's SHA-256: an unchanged body is not parsed nor written again. */
      hash: string
      etag: string | null
      lastModified: string | null
      ms: number
      bytes: number
    }
  | { kind: 'not-modified'; status: 304; ms: number }
  | { kind: 'error'; error: RateFeedError; status: number | null; ms: number; bytes: number | null }

/** Redirects a feed may take to its body; each hop is checked as the first. */
export const FEED_REDIRECTS = 3

class FeedError extends Error {
  constructor(
    readonly kind: RateFeedError,
    readonly status: number | null = null,
    readonly bytes: number | null = null,
  ) {
    super(kind)
  }
}

/**
 * GETs an exchanger's feed as the link checker asks an address (every hop's name resolved to
 * public addresses only and the connection pinned to the one checked), with one deadline for the
 * whole fetch, redirects and body included (a server that trickles a byte a second is cut off at
 * it, as one that never answers), and a limit on the decoded body that stops reading as soon as
 * it is passed, whatever Content-Length said. Sends the feed's validators, so an unchanged feed
 * answers 304 without a body. Never throws: a failure is one of RATE_FEED_ERRORS.
 */
export const fetchFeed = async (
  url: string,
  validators: FeedValidators,
  options: FeedFetchOptions,
): Promise<FeedFetch> => {
  const started = performance.now()
  const deadline = Date.now() + options.timeoutMs
  const ms = () => Math.round(performance.now() - started)
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return { kind: 'error', error: 'scheme', status: null, ms: ms(), bytes: null }
  }
  try {
    for (let hop = 0; hop <= FEED_REDIRECTS; hop += 1) {
      const left = () => Math.max(1, deadline - Date.now())
      const address = await resolveSafely(target, { ...options, timeoutMs: left() })
      const answer = await get({ target, address, validators, options, timeoutMs: left() })
      if (answer.kind === 'redirect') {
        try {
          target = new URL(answer.location, target)
        } catch {
          throw new FeedError('http', answer.status)
        }
        continue
      }
      if (answer.kind === 'not-modified') return { kind: 'not-modified', status: 304, ms: ms() }
      return {
        kind: 'body',
        status: answer.status,
        body: answer.body,
        hash: createHash('sha256').update(answer.body).digest('hex'),
        etag: answer.etag,
        lastModified: answer.lastModified,
        ms: ms(),
        bytes: answer.body.length,
      }
    }
    return { kind: 'error', error: 'redirects', status: null, ms: ms(), bytes: null }
  } catch (error) {
    if (error instanceof FeedError) {
      return {
        kind: 'error',
        error: error.kind,
        status: error.status,
        ms: ms(),
        bytes: error.bytes,
      }
    }
    const kind = error instanceof ProbeError ? error.kind : classify(error).kind
    return { kind: 'error', error: kind, status: null, ms: ms(), bytes: null }
  }
}

type Answer =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'not-modified' }
  | {
      kind: 'body'
      status: number
      body: Buffer
      etag: string | null
      lastModified: string | null
    }

/** A header's one value (a repeated one is not a validator to send back). */
const single = (value: string | string[] | undefined) =>
  typeof value === 'string' && value.length <= 1024 ? value : null

const get = ({
  target,
  address,
  validators,
  options,
  timeoutMs,
}: {
  target: URL
  address: Resolved
  validators: FeedValidators
  options: FeedFetchOptions
  timeoutMs: number
}) =>
  new Promise<Answer>((resolve, reject) => {
    const client = target.protocol === 'https:' ? https : http
    const headers: Record<string, string> = {
      'user-agent': options.userAgent,
      accept: 'application/xml, text/xml, application/json;q=0.9, */*;q=0.5',
      'accept-encoding': 'gzip, deflate, br',
    }
    if (validators.etag) headers['if-none-match'] = validators.etag
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified
    const request = client.request(target, {
      method: 'GET',
      lookup: pinnedLookup(address),
      agent: false,
      headers,
    })
    let settled = false
    let body: Readable | null = null
    const settle = (done: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      done()
    }
    const fail = (error: unknown) => {
      settle(() => reject(error instanceof FeedError ? error : classify(error)))
      body?.destroy()
      request.destroy()
    }
    // The deadline ends the request wherever it is: connecting, waiting, or reading the body.
    const timer = setTimeout(() => fail(new ProbeError('timeout')), timeoutMs)
    request.on('error', fail)
    request.on('response', (response) => {
      response.on('error', fail)
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (REDIRECTS.has(status) && location) {
        settle(() => resolve({ kind: 'redirect', status, location }))
        request.destroy()
        return
      }
      if (status === 304) {
        settle(() => resolve({ kind: 'not-modified' }))
        request.destroy()
        return
      }
      if (status < 200 || status >= 300) return fail(new FeedError('http', status))
      const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase()
      const declared = Number(response.headers['content-length'])
      if (encoding === 'identity' && declared > options.maxBytes) {
        return fail(new FeedError('too-large', status, declared))
      }
      const decoded = decode(response, encoding)
      if (!decoded) return fail(new FeedError('format', status))
      body = decoded
      const chunks: Buffer[] = []
      let size = 0
      decoded.on('error', (error) =>
        fail(
          (error as { code?: string }).code?.startsWith('Z_')
            ? new FeedError('format', status)
            : error,
        ),
      )
      decoded.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > options.maxBytes) return fail(new FeedError('too-large', status, size))
        chunks.push(chunk)
      })
      decoded.on('end', () =>
        settle(() =>
          resolve({
            kind: 'body',
            status,
            body: Buffer.concat(chunks),
            etag: single(response.headers.etag),
            lastModified: single(response.headers['last-modified']),
          }),
        ),
      )
    })
    request.end()
  })

/** The body as sent, or decompressed (the size limit counts what comes out); null: unknown. */
const decode = (response: Readable, encoding: string): Readable | null => {
  if (encoding === 'identity') return response
  const inflate =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null
  if (!inflate) return null
  response.on('error', (error) => inflate.destroy(error))
  return response.pipe(inflate)
}
