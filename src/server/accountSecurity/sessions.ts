import 'server-only'

import type { PayloadRequest } from 'payload'

import { SESSION_TOUCH_INTERVAL_MS } from '@/lib/accountSecurity'
import { clientAddress } from '@/server/clientAddress'
import { tokenClaims } from '@/server/sessionLookup'
import {
  browserHistory,
  touchSessionDetails,
  upsertSessionDetails,
} from '@/server/sql/accountSecurity'

import { describeDevice } from './device'
import { recordSecurityEvent } from './events'

type StoredSessions = {
  id: number
  sessions?: { id: string; createdAt?: string | null; expiresAt?: string | null }[] | null
}

/** The session id (`sid`) a signed-in request's token carries, as Payload's check found it. */
export const currentSessionId = (req: PayloadRequest): string | null =>
  (req.user as { _sid?: unknown } | null)?._sid?.toString() ?? null

const detailsOf = (req: PayloadRequest, userId: number, sid: string) => {
  const device = describeDevice(req.headers.get('user-agent'))
  return {
    sid,
    userId,
    browser: device.browser,
    os: device.os,
    deviceType: device.deviceType,
    deviceModel: device.deviceModel,
    deviceKey: device.key,
    address: clientAddress(req),
  }
}

/** When each session (by id) was last marked seen by this process: most requests write nothing. */
const touchedAt = new Map<string, number>()
const TOUCHED_MAX = 10_000

const noteTouched = (sid: string) => {
  if (touchedAt.size >= TOUCHED_MAX) touchedAt.clear()
  touchedAt.set(sid, Date.now())
}

/**
 * A session has started (a sign-in, by whatever door): its device and address are recorded, the
 * sign-in is logged, and a browser the account never signed in from before (when it has signed
 * in before at all) is logged and mailed as new.
 */
export const recordSessionStart = async ({
  req,
  userId,
  token,
  kind = 'sign-in',
}: {
  req: PayloadRequest
  userId: number
  token: string
  kind?: 'sign-in' | 'password-reset'
}) => {
  const claims = await tokenClaims({ payload: req.payload, token })
  const sid = claims?.sid
  if (!sid) return
  const details = detailsOf(req, userId, sid)
  const isNew = await upsertSessionDetails(req, details)
  noteTouched(sid)
  await recordSecurityEvent({ req, userId, kind })
  if (!isNew) return
  const { hasOtherSessions, knowsBrowser } = await browserHistory(req, {
    userId,
    sid,
    deviceKey: details.deviceKey,
  })
  if (hasOtherSessions && !knowsBrowser) {
    await recordSecurityEvent({ req, userId, kind: 'new-browser' })
  }
}

/**
 * The signed-in request's session was used now: its "last seen" (and address) is written when
 * it is older than a few minutes, at most once per few minutes per process, never failing the
 * request it rides on.
 */
export const touchSession = async (req: PayloadRequest) => {
  const userId = (req.user as { id?: unknown } | null)?.id
  const sid = currentSessionId(req)
  if (typeof userId !== 'number' || !sid) return
  const last = touchedAt.get(sid)
  if (last !== undefined && Date.now() - last < SESSION_TOUCH_INTERVAL_MS) return
  noteTouched(sid)
  try {
    await touchSessionDetails(req, {
      ...detailsOf(req, userId, sid),
      intervalSeconds: SESSION_TOUCH_INTERVAL_MS / 1000,
    })
  } catch (error) {
    touchedAt.delete(sid)
    req.payload.logger.warn({ err: error, msg: 'A session could not be marked seen' })
  }
}

/** Forgets what this process remembers of touches (tests that move time). */
export const forgetTouches = () => touchedAt.clear()

const storedSessions = async (req: PayloadRequest, userId: number) =>
  (await req.payload.db.findOne({
    collection: 'users',
    where: { id: { equals: userId } },
    req,
  })) as StoredSessions | null

/** One live session of an account (the sessions call's answer, `SessionView`). */
export type SessionRow = {
  id: string
  /** The session the request itself belongs to ("this device"). */
  current: boolean
  browser: string | null
  os: string | null
  device_type: string | null
  device_model: string | null
  address: string | null
  first_seen: string | null
  last_seen: string | null
  expires_at: string | null
}

/** The account's live sessions, newest use first, the request's own marked. */
export const listSessions = async (req: PayloadRequest, userId: number): Promise<SessionRow[]> => {
  const stored = await storedSessions(req, userId)
  const now = Date.now()
  const live = (stored?.sessions ?? []).filter(
    (session) => new Date(session.expiresAt ?? 0).getTime() > now,
  )
  if (live.length === 0) return []
  const { docs } = await req.payload.find({
    collection: 'session-details',
    where: { user: { equals: userId }, sid: { in: live.map((session) => session.id) } },
    limit: live.length,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const bySid = new Map(docs.map((doc) => [doc.sid, doc]))
  const current = currentSessionId(req)
  return live
    .map((session) => {
      const doc = bySid.get(session.id)
      return {
        id: session.id,
        current: session.id === current,
        browser: doc?.browser ?? null,
        os: doc?.os ?? null,
        device_type: doc?.deviceType ?? null,
        device_model: doc?.deviceModel ?? null,
        address: doc?.address ?? null,
        first_seen: doc?.createdAt ?? session.createdAt ?? null,
        last_seen: doc?.lastSeenAt ?? doc?.createdAt ?? session.createdAt ?? null,
        expires_at: session.expiresAt ?? null,
      }
    })
    .sort((a, b) =>
      a.current !== b.current
        ? Number(b.current) - Number(a.current)
        : (b.last_seen ?? '').localeCompare(a.last_seen ?? ''),
    )
}

/**
 * Ends the account's own sessions: `only` that one, or every one but `keep`. Payload's check of
 * every door (REST, GraphQL, the site's calls, the pages) looks the token's session up on the
 * account, so a token of an ended session is refused on its next request. The number ended.
 */
export const endSessions = async ({
  req,
  userId,
  only,
  keep,
}: {
  req: PayloadRequest
  userId: number
  only?: string
  keep?: string | null
}) => {
  const stored = await storedSessions(req, userId)
  const sessions = stored?.sessions ?? []
  const remaining = sessions.filter((session) =>
    only !== undefined ? session.id !== only : session.id === keep,
  )
  const ended = sessions.length - remaining.length
  if (ended === 0) return 0
  await req.payload.db.updateOne({
    collection: 'users',
    id: userId,
    data: { sessions: remaining, updatedAt: null } as never,
    req,
    returning: false,
  })
  return ended
}
