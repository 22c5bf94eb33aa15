import { type PayloadRequest, ValidationError } from 'payload'

import * as calls from '@/api/moderation'
import { isDatabaseUnavailableError } from '@/lib/databaseOutage'
import {
  BULK_ACTIONS_WITH_REASON,
  type ItemFailure,
  MODERATION_UNDO_SECONDS,
  type UndoOffer,
} from '@/lib/moderation'
import { inTransaction } from '@/server/db'
import { readUndoToken, undoToken } from '@/server/undoToken'
import type { User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid, sayFor } from '../lib/http'

import { ItemRefusal, type UndoStep, decideItem } from './decisions'
import { undoStep } from './undoSteps'

/**
 * A batch is decided item by item, each in a transaction of its own: an item the rules refuse, or
 * that someone decided meanwhile, is reported with why and the others stand, so nothing is lost
 * without a word and one bad item does not undo thirty good ones. The screens say so.
 */

/** The undo of the decisions that changed something, for `user` only, for a short time. */
export const undoOffer = ({
  user,
  at,
  steps,
  notified,
}: {
  user: User
  at: Date
  steps: UndoStep[]
  notified: number
}): UndoOffer | null => {
  if (!steps.length) return null
  const { token, expiresAt } = undoToken({
    userId: user.id,
    at,
    seconds: MODERATION_UNDO_SECONDS,
    steps,
  })
  return { token, expires_at: expiresAt.toISOString(), notified }
}

/** Why an item failed, in the caller's language; a fault that is no refusal is logged. */
const failureOf = (req: PayloadRequest, id: number, error: unknown): ItemFailure => {
  if (error instanceof ItemRefusal) {
    return { id, code: error.code, message: sayFor(req)(error.code) }
  }
  if (error instanceof ValidationError) {
    const message = error.data.errors[0]?.message ?? error.message
    return { id, code: 'validation-failed', message }
  }
  req.payload.logger.error({ err: error, msg: `moderation of item ${id} failed` })
  return { id, code: 'unexpected-error', message: sayFor(req)('unexpected-error') }
}

/**
 * Runs `work` on each item in its own transaction, in order, and `committed` with its result once
 * that transaction has committed. Once the database is away, the items not reached yet are
 * reported as not done rather than tried one by one.
 */
const eachItem = async <T, R>({
  req,
  items,
  idOf,
  work,
  committed,
}: {
  req: PayloadRequest
  items: T[]
  idOf: (item: T) => number
  work: (item: T) => Promise<R>
  committed: (item: T, result: R) => void
}) => {
  const failed: ItemFailure[] = []
  for (const [index, item] of items.entries()) {
    try {
      committed(item, await inTransaction(req, () => work(item)))
    } catch (error) {
      if (isDatabaseUnavailableError(error)) {
        const message = sayFor(req)('service-unavailable')
        for (const left of items.slice(index)) {
          failed.push({ id: idOf(left), code: 'service-unavailable', message })
        }
        break
      }
      failed.push(failureOf(req, idOf(item), error))
    }
  }
  return failed
}

/**
 * POST /moderate-in-bulk {queue, ids, action, reason?} → {done, failed, undo} (admins): each item
 * decided as the single calls decide one, through the collections with the caller's access.
 */
export const moderateInBulk = defineEndpoint(calls.moderateInBulk, {
  handler: async ({ req, user, body, reply }) => {
    if (BULK_ACTIONS_WITH_REASON.includes(body.action) && !body.reason) {
      return invalid({ req, errors: { reason: ['required'] } })
    }
    const at = new Date()
    const done: number[] = []
    const steps: UndoStep[] = []
    const unchanged: ItemFailure[] = []
    let notified = 0
    const { queue, action, reason } = body
    const failed = await eachItem({
      req,
      items: body.ids,
      idOf: (id) => id,
      work: (id) => decideItem({ req, user, queue, action, reason, id, fromQueue: true }),
      committed: (id, decided) => {
        if (!decided.step) {
          unchanged.push({ id, code: 'already-decided', message: sayFor(req)('already-decided') })
          return
        }
        done.push(id)
        steps.push(decided.step)
        if (decided.notified) notified += 1
      },
    })
    return reply({
      done,
      failed: [...unchanged, ...failed].sort(
        (a, b) => body.ids.indexOf(a.id) - body.ids.indexOf(b.id),
      ),
      undo: undoOffer({ user, at, steps, notified }),
    })
  },
})

/**
 * POST /undo-moderation {token} → {undone, failed} (admins): puts back what a decision of the
 * caller's changed, latest first, each item as the collections' rules allow and only if nobody
 * decided it again since. A mail the decision queued has gone: the screens say so.
 */
export const undoModeration = defineEndpoint(calls.undoModeration, {
  handler: async ({ req, user, body, reply }) => {
    const read = readUndoToken<UndoStep>({ token: body.token, userId: user.id })
    if (read === 'expired') return fail({ req, status: 410, code: 'undo-expired' })
    if (!read) return fail({ req, status: 422, code: 'undo-invalid', field: 'token' })
    const undone: number[] = []
    const steps = [...read.steps].reverse()
    const failed = await eachItem({
      req,
      items: steps,
      idOf: (step) => step.id,
      work: (step) => undoStep({ req, user, step, at: read.at }),
      committed: (step) => undone.push(step.id),
    })
    return reply({ undone: undone.reverse(), failed: failed.reverse() })
  },
})

export const bulkModerationEndpoints = [moderateInBulk, undoModeration]
