import type { Access, Where } from 'payload'

import {
  canAnswerTickets,
  canDecideVerification,
  canKeepSavedReplies,
  canSeeSupportFiles,
} from '@/lib/roles'

import { onManagedResources } from './resources'

/** A member (signed in, not blocked) reads the tickets they opened; support reads them all. */
export const canReadTicket: Access = ({ req: { user } }) => {
  if (canAnswerTickets(user)) return true
  if (!user || user.blocked) return false
  return { author: { equals: user.id } }
}

/** The messages of a ticket: its author's (kept on each message as `ticketAuthor`) and support. */
export const canReadTicketMessage: Access = ({ req: { user } }) => {
  if (canAnswerTickets(user)) return true
  if (!user || user.blocked) return false
  return { ticketAuthor: { equals: user.id } }
}

/**
 * A verification request is read by who sent it, by the people who manage its resource now (the
 * owner; an operator of the employer's resources of their type) and by whoever decides them.
 */
export const canReadVerificationRequest: Access = ({ req: { user } }) => {
  if (canDecideVerification(user)) return true
  if (!user || user.blocked) return false
  const sent: Where = { requester: { equals: user.id } }
  const managed = onManagedResources(user)
  return managed ? { or: [sent, managed] } : sent
}

/**
 * A private attachment: support reads them all (canSeeSupportFiles); anyone else the files they
 * uploaded and those shared with them (`readers`: a support reply's files with the ticket's
 * author, a verification request's with the people who manage the resource).
 */
export const canReadAttachment: Access = ({ req: { user } }) => {
  if (canSeeSupportFiles(user)) return true
  if (!user || user.blocked) return false
  const mine: Where = { uploadedBy: { equals: user.id } }
  const shared: Where = { readers: { in: [user.id] } }
  return { or: [mine, shared] }
}

/** Support's saved replies: read and written by those who answer (canKeepSavedReplies), no one else. */
export const keepsSavedReplies: Access = ({ req: { user } }) => canKeepSavedReplies(user)
