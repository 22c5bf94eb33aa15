import { type CollectionBeforeChangeHook, type PayloadRequest, ValidationError } from 'payload'

import { canBeBlocked } from '@/lib/roles'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import type { User } from '@payload-types'

const refuse = (req: PayloadRequest, path: string, key: string): never => {
  throw new ValidationError({
    collection: 'users',
    errors: [{ path, message: serverMessage({ locale: messageLocale(req), key: `api.${key}` }) }],
  })
}

/** The block flags an account turns on in this change. */
export const blocksTurnedOn = (data: Partial<User>, before: Partial<User> | undefined) =>
  (['blocked', 'chatBlocked'] as const).filter((flag) => data[flag] === true && !before?.[flag])

/**
 * Blocking, by every door: nobody blocks an admin (themselves included), and a person who blocks
 * says why (`blockReason`, kept with the block's record). Blocking on the site ends every session
 * of the account at once; its next request is answered 'You are blocked.'.
 */
export const guardBlocks: CollectionBeforeChangeHook<User> = ({ data, originalDoc, req }) => {
  const turnedOn = blocksTurnedOn(data, originalDoc)
  if (!turnedOn.length) return data
  if (!canBeBlocked({ role: data.role ?? originalDoc?.role })) {
    refuse(
      req,
      turnedOn[0],
      originalDoc?.id === req.user?.id ? 'cannot-block-self' : 'cannot-block-admin',
    )
  }
  const reason = data.blockReason === undefined ? originalDoc?.blockReason : data.blockReason
  if (req.user && !String(reason ?? '').trim()) refuse(req, 'blockReason', 'block-reason-required')
  return turnedOn.includes('blocked') ? { ...data, sessions: [] } : data
}
