import {
  APIError,
  type CollectionAfterDeleteHook,
  type CollectionBeforeDeleteHook,
  type CollectionSlug,
  type PayloadRequest,
  type Where,
} from 'payload'

import { type DeletionCount, deletionActor } from '@/lib/accountDeletion'
import { canUseAdminPanel, isAdmin } from '@/lib/roles'
import { OPEN_VERIFICATION_STATUSES } from '@/lib/support'
import { deletionBlockers } from '@/server/accountDeletion'
import { tagsOfChange } from '@/server/cacheTags'
import { memberDeletesOwnAccount } from '@/server/hookContract'
import { expireCacheTags } from '@/server/publicCache'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import {
  closeTicketsOf,
  countChatMessagesOf,
  deleteNotificationsBy,
  dropMailsTo,
  forgetBlockedLogin,
  forgetRateLimitsOf,
  resourcesRepliedBy,
} from '@/server/sql/accountDeletion'
import { relationId } from '@access/resources'
import type { User } from '@payload-types'

/** What the deletion counted, from the hook before it to the one after (the operation's context). */
const COUNTS = 'accountDeletionCounts'
const RESOURCES = 'accountDeletionResources'

/**
 * Deleting an account, by whatever door (the member's `/api/delete-account`, an admin's REST,
 * GraphQL or the admin screen), does what src/lib/accountDeletion.ts lists, in the deletion's own
 * transaction: what has hooks or files is removed through Payload (a review's rating and pages, a
 * vote's count, an upload's file), what the database's cascades and `set null` cannot reach is
 * cleared by the statements of src/server/sql/accountDeletion.ts. It refuses, first, to orphan an
 * owner's resources or employees (they are transferred or deleted before), and an admin's
 * deletion of their own account.
 */
export const eraseAccount: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const userId = Number(id)
  const account = await req.payload.findByID({
    collection: 'users',
    id: userId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req,
  })
  if (!account) return
  const say = (key: string, values?: Record<string, number>) =>
    serverMessage({ locale: messageLocale(req), key: `api.${key}`, values })
  if (isAdmin(account) && req.user?.id === userId) {
    throw new APIError(say('account-delete-own-admin'), 409, null, true)
  }
  const blockers = await deletionBlockers({ payload: req.payload, req, userId })
  const resources = blockers.resources.length
  const employees = blockers.employees
  if (resources > 0 || employees > 0) {
    throw new APIError(say('account-has-dependents', { resources, employees }), 409, null, true)
  }

  const mine = { equals: userId }
  // One after another: the deletion's transaction runs one statement at a time.
  const remove = async (collection: CollectionSlug, where: Where) => {
    const { docs } = await req.payload.delete({
      collection,
      where,
      depth: 0,
      overrideAccess: true,
      req,
    })
    return docs.length
  }
  const staff = canUseAdminPanel(account)
  // Sent signed in, or from their address as a guest.
  const theirContacts: Where = {
    or: [{ sender: mine }, { email: { equals: account.email.toLowerCase() } }],
  }
  const contactAttachments = await attachmentsOf(req, theirContacts)
  const replied = await resourcesRepliedBy(req, userId)
  const counts: Record<DeletionCount, number> = {
    reviews: await remove('reviews', { author: mine }),
    votes: await remove('review-votes', { user: mine }),
    reports: await remove('review-reports', { reporter: mine }),
    comments: await remove('comments', { author: mine }),
    favorites: await remove('favorites', { user: mine }),
    contacts: await remove('contact-messages', theirContacts),
    pendingVerification: await remove('verification-requests', {
      and: [{ requester: mine }, { status: { in: [...OPEN_VERIFICATION_STATUSES] } }],
    }),
    // A staff member's uploads belong to the site's answers and content; a member's are theirs.
    files:
      (staff
        ? 0
        : await remove('attachments', {
            or: [{ uploadedBy: mine }, { id: { in: contactAttachments } }],
          })) +
      (account.avatar ? await remove('media', { id: { equals: relationId(account.avatar) } }) : 0) +
      (await remove('data-exports', { user: mine })),
    notifications: await deleteNotificationsBy(req, userId),
    mails: await dropMailsTo(req, account.email),
    closedTickets: await closeTicketsOf(req, userId),
    keptChatMessages: await countChatMessagesOf(req, userId),
    keptReplies: replied.reduce((sum, row) => sum + row.replies, 0),
  }
  await forgetBlockedLogin(req, userId)
  await forgetRateLimitsOf(req, account)
  req.context[COUNTS] = counts
  req.context[RESOURCES] = replied.map((row) => row.resource_id)
}

/** The files of the contact messages `where` names (a guest's have no uploader). */
const attachmentsOf = async (req: PayloadRequest, where: Where) => {
  const { docs } = await req.payload.find({
    collection: 'contact-messages',
    where,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    select: { attachments: true },
    req,
  })
  return docs.flatMap((doc) => (doc.attachments ?? []).map(relationId)).filter((id) => id !== null)
}

/**
 * Once the account is gone: the pages that showed its name beside a reply are expired, and the
 * deletion is logged without anything of the person (collections/AccountDeletions.ts).
 */
export const recordAccountDeletion: CollectionAfterDeleteHook<User> = async ({ doc, req }) => {
  const resources = (req.context[RESOURCES] as number[] | undefined) ?? []
  if (resources.length) {
    expireCacheTags({ req, tags: tagsOfChange({ resources: resources.map((id) => ({ id })) }) })
  }
  const self = memberDeletesOwnAccount.isSet(req)
  await req.payload.create({
    collection: 'account-deletions',
    data: {
      by: deletionActor({ self }),
      admin: self ? null : (req.user?.id ?? null),
      role: doc.role,
      counts: (req.context[COUNTS] as Record<string, number> | undefined) ?? {},
    },
    depth: 0,
    overrideAccess: true,
    req,
  })
  return doc
}
