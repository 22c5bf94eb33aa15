import 'server-only'

import { createHmac, timingSafeEqual } from 'node:crypto'

import { payloadSecret } from './env'

/**
 * The token of a moderator's undo: what the decision changed and what it was before, for whom and
 * until when, as `<base64url JSON>.<signature>`, an HMAC-SHA256 under the Payload secret. The
 * server keeps nothing, so any instance undoes a decision another made; nobody can make one for
 * another account, stretch its time or name other rows: changing any part makes it worthless.
 * It grants nothing by itself: the undo acts with its caller's access, as every door does.
 */
type Signed<T> = { user: number; at: string; expires: number; steps: T[] }

const sign = (body: string) =>
  createHmac('sha256', payloadSecret()).update(`moderation-undo:${body}`).digest('base64url')

export const undoToken = <T>({
  userId,
  at,
  seconds,
  steps,
}: {
  userId: number
  at: Date
  seconds: number
  steps: T[]
}) => {
  const expires = at.getTime() + seconds * 1000
  const signed: Signed<T> = { user: userId, at: at.toISOString(), expires, steps }
  const body = Buffer.from(JSON.stringify(signed)).toString('base64url')
  return { token: `${body}.${sign(body)}`, expiresAt: new Date(expires) }
}

/**
 * What a genuine token holds, `expired` past its time, or null for anything else (a token made
 * for another account included).
 */
export const readUndoToken = <T>({
  token,
  userId,
  now = Date.now(),
}: {
  token: string
  userId: number
  now?: number
}): { steps: T[]; at: string } | 'expired' | null => {
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const expected = Buffer.from(sign(match[1]))
  const given = Buffer.from(match[2])
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  const signed = JSON.parse(Buffer.from(match[1], 'base64url').toString()) as Signed<T>
  if (signed.user !== userId || !Array.isArray(signed.steps)) return null
  if (signed.expires < now) return 'expired'
  return { steps: signed.steps, at: signed.at }
}
