import {
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  type PayloadRequest,
  ValidationError,
} from 'payload'

import {
  OPEN_VERIFICATION_STATUSES,
  type VerificationStatus,
  isVerificationMove,
} from '@/lib/support'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { relationId } from '@access/resources'
import { notify } from '@hooks/notifications/notify'
import type { User, VerificationRequest } from '@payload-types'

import { shareAttachments } from './shareAttachments'

const refuse = (req: PayloadRequest, path: string, key: string) =>
  new ValidationError({
    errors: [{ path, message: serverMessage({ locale: messageLocale(req), key: `api.${key}` }) }],
    req,
  })

/** States a moderator must give the owner a reason for. */
const NEEDS_ANSWER: readonly VerificationStatus[] = ['rejected', 'revoked']
/** States that are a moderator's decision (who and when are kept on the request itself too). */
const DECIDED: readonly VerificationStatus[] = ['approved', 'rejected', 'revoked']

/**
 * The rules of a verification request by whatever door it comes. A new one is `sent` by its
 * requester, for a resource that is not verified and has no other waiting request (a unique
 * index holds that too), and keeps its resource's owner and type for the moderators' filters. Its
 * resource, requester and files never change after; its state moves only as
 * VERIFICATION_DECISIONS allow, a rejection or revocation with a reason, and every move is
 * recorded in its history with who and when.
 */
export const guardVerificationRequest: CollectionBeforeChangeHook<VerificationRequest> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const user = req.user as User | null
  const now = new Date().toISOString()
  if (operation === 'create') {
    const resourceId = relationId(data.resource)
    const resource =
      resourceId === null
        ? null
        : await req.payload.findByID({
            collection: 'resources',
            id: resourceId,
            select: { owner: true, type: true, verified: true },
            depth: 0,
            overrideAccess: true,
            disableErrors: true,
            req,
          })
    if (!resource) throw refuse(req, 'resource', 'resource-not-found')
    if (resource.verified) throw refuse(req, 'resource', 'resource-already-verified')
    const waiting = await req.payload.count({
      collection: 'verification-requests',
      where: {
        and: [
          { resource: { equals: resource.id } },
          { status: { in: [...OPEN_VERIFICATION_STATUSES] } },
        ],
      },
      overrideAccess: true,
      req,
    })
    if (waiting.totalDocs > 0) throw refuse(req, 'resource', 'verification-pending')
    const requester = user?.id ?? relationId(data.requester)
    if (requester === null) throw refuse(req, 'requester', 'required')
    return {
      ...data,
      requester,
      owner: relationId(resource.owner),
      resourceType: resource.type,
      status: 'sent',
      answer: null,
      decidedBy: null,
      decidedAt: null,
      history: [{ status: 'sent', by: requester, at: now }],
    }
  }
  if (!originalDoc) return data
  const kept = {
    resource: originalDoc.resource,
    requester: originalDoc.requester,
    owner: originalDoc.owner,
    resourceType: originalDoc.resourceType,
    message: originalDoc.message,
    attachments: originalDoc.attachments,
    history: originalDoc.history,
  }
  const from = originalDoc.status
  const to = (data.status ?? from) as VerificationStatus
  if (to === from) return { ...data, ...kept, status: from }
  if (!isVerificationMove(from, to)) throw refuse(req, 'status', 'verification-move-invalid')
  const answer = typeof data.answer === 'string' ? data.answer.trim() : ''
  if (NEEDS_ANSWER.includes(to) && !answer) throw refuse(req, 'answer', 'required')
  const by = user?.id ?? null
  return {
    ...data,
    ...kept,
    status: to,
    answer: answer || originalDoc.answer || null,
    ...(DECIDED.includes(to) ? { decidedBy: by, decidedAt: now } : {}),
    history: [...(originalDoc.history ?? []), { status: to, by, at: now, answer: answer || null }],
  }
}

/**
 * What a request's state means elsewhere: an approval puts the verified badge on its resource, a
 * revocation takes it off (the resource's hooks expire its pages); the people who manage the
 * resource read the request's files; the owner and the requester are told of each decision.
 */
export const applyVerificationDecision: CollectionAfterChangeHook<VerificationRequest> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  const owner = relationId(doc.owner)
  const requester = relationId(doc.requester)
  if (operation === 'create') {
    await shareAttachments({ req, attachments: doc.attachments, readers: [owner, requester] })
    return doc
  }
  if (doc.status === previousDoc?.status) return doc
  const resourceId = relationId(doc.resource)
  if (resourceId !== null && (doc.status === 'approved' || doc.status === 'revoked')) {
    await req.payload.update({
      collection: 'resources',
      id: resourceId,
      data: { verified: doc.status === 'approved' },
      depth: 0,
      overrideAccess: true,
      req,
    })
  }
  if (DECIDED.includes(doc.status)) {
    // A request reaches each decided state at most once (VERIFICATION_DECISIONS), so the request
    // and its state name the event.
    await notify({
      req,
      kind: 'verification-decided',
      event: `${doc.id}.${doc.status}`,
      recipients: [owner, requester],
      actor: req.user?.id ?? null,
      showActor: false,
      about: { resource: resourceId, verification: doc.id, text: doc.answer },
    })
  }
  return doc
}
