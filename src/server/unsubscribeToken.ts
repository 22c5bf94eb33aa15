import 'server-only'

import { createHmac, timingSafeEqual } from 'node:crypto'

import type { UnsubscribeScope } from '@/lib/notificationMail'
import { isNotificationKind } from '@/lib/notifications'

import { payloadSecret } from './env'

/**
 * The token of a notification mail's unsubscribe link: `<user id>.<kind or all>.<signature>`, the
 * signature an HMAC-SHA256 of both under the Payload secret. It needs no expiry (it can only turn
 * mail off, and a user may always do that) but nobody can make one for another account or kind:
 * changing any part, or signing with another secret, makes it worthless.
 */
const signature = (userId: number, scope: UnsubscribeScope) =>
  createHmac('sha256', payloadSecret())
    .update(`notification-unsubscribe:${userId}:${scope}`)
    .digest('base64url')

export const unsubscribeToken = ({ userId, scope }: { userId: number; scope: UnsubscribeScope }) =>
  `${userId}.${scope}.${signature(userId, scope)}`

/** The account and scope a genuine token names, or null for anything else. */
export const readUnsubscribeToken = (
  token: unknown,
): { userId: number; scope: UnsubscribeScope } | null => {
  if (typeof token !== 'string' || token.length > 200) return null
  const match = /^([1-9]\d{0,9})\.([a-z-]+)\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const userId = Number(match[1])
  const scope = match[2]
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null
  if (scope !== 'all' && !isNotificationKind(scope)) return null
  const expected = Buffer.from(signature(userId, scope))
  const given = Buffer.from(match[3])
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { userId, scope }
    : null
}
