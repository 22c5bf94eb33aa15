import type { PayloadRequest } from 'payload'

import * as calls from '@/api/invitations'
import { type Locale, localizedPath } from '@/i18n/routing'
import { invitationPath } from '@/lib/invitations'
import { serverUrl } from '@/server/env'
import { inviteByEmail, makeInvitationLinks } from '@/server/invitations/make'
import { readInvitationOptOutToken } from '@/server/invitationTokens'
import { invitationCounts, recordInvitationOptOut } from '@/server/sql/invitations'
import { managesResource } from '@access/resources'
import type { User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

/**
 * The resource an invitation is made for, in `locale` (its title for the mail), when the caller
 * may invite for it: 404 when they may not even see it, 403 when they do not manage it, 422 while
 * it is not published (nobody could review it).
 */
const invitable = async ({
  req,
  user,
  id,
  locale,
}: {
  req: PayloadRequest
  user: User
  id: number
  locale?: Locale
}) => {
  const resource = await req.payload.findByID({
    collection: 'resources',
    id,
    depth: 0,
    select: { title: true, status: true },
    locale,
    user,
    overrideAccess: false,
    disableErrors: true,
    req,
  })
  if (!resource) return { failure: fail({ req, status: 404, code: 'resource-not-found' }) }
  if (!(await managesResource({ payload: req.payload, req, user, resourceId: id }))) {
    return { failure: fail({ req, status: 403, code: 'forbidden' }) }
  }
  if (resource.status !== 'published') {
    return {
      failure: fail({ req, status: 422, code: 'invitations-unpublished', field: 'resource_id' }),
    }
  }
  return { resource: { id, title: resource.title } }
}

const counts = (req: PayloadRequest, resourceId: number) =>
  invitationCounts({ payload: req.payload, req, resourceId })

/** POST /invitations-send {resource_id, email, locale} → {counts}. */
const sendInvitation = defineEndpoint(calls.sendInvitation, {
  handler: async ({ req, user, body, reply }) => {
    const found = await invitable({ req, user, id: body.resource_id, locale: body.locale })
    if (found.failure) return found.failure
    const result = await inviteByEmail({
      req,
      userId: user.id,
      resource: found.resource,
      email: body.email,
      locale: body.locale,
    })
    if (result.refused) {
      const status = result.refused === 'invitations-rate-limited' ? 429 : 422
      return fail({
        req,
        status,
        code: result.refused,
        field: status === 422 ? 'email' : undefined,
      })
    }
    return reply({ counts: await counts(req, found.resource.id) })
  },
})

/** POST /invitations-links {resource_id, count, locale} → {links, counts}: shown this once. */
const makeLinks = defineEndpoint(calls.makeInvitationLinks, {
  handler: async ({ req, user, body, reply }) => {
    const found = await invitable({ req, user, id: body.resource_id })
    if (found.failure) return found.failure
    const result = await makeInvitationLinks({
      req,
      userId: user.id,
      resourceId: found.resource.id,
      count: body.count,
      locale: body.locale,
    })
    if (result.refused) return fail({ req, status: 429, code: result.refused })
    const links = result.made.map(
      (token) => `${serverUrl()}${localizedPath(body.locale, invitationPath(token))}`,
    )
    // The links are secrets: no cache keeps the answer.
    return reply(
      { links, counts: await counts(req, found.resource.id) },
      { headers: { 'Cache-Control': 'no-store' } },
    )
  },
})

/** GET /invitations-counts?resource_id= → {counts}. */
const getCounts = defineEndpoint(calls.getInvitationCounts, {
  handler: async ({ req, user, query, reply }) => {
    const found = await invitable({ req, user, id: query.resource_id })
    if (found.failure) return found.failure
    return reply({ counts: await counts(req, found.resource.id) })
  },
})

/**
 * POST /invitations-opt-out?token=… (RFC 8058's one-click, or the opt-out page's button) →
 * {stopped}: the signed address hash is never sent an invitation again. A token that is not
 * genuine changes nothing and answers 400.
 */
const optOut = defineEndpoint(calls.optOutOfInvitations, {
  handler: async ({ req, query, body, reply }) => {
    const addressHash = readInvitationOptOutToken(query.token ?? body.token)
    if (!addressHash) return fail({ req, status: 400, code: 'unsubscribe-link-invalid' })
    await recordInvitationOptOut({ payload: req.payload, req, addressHash })
    return reply({ stopped: true })
  },
})

export const invitationEndpoints = [sendInvitation, makeLinks, getCounts, optOut]
