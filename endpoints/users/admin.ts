import type { Where } from 'payload'

import * as calls from '@/api/users'
import { managedAccountView } from '@/data/views/users'
import { isAdmin, isEmployeeRole, isOwner, rolesWith } from '@/lib/roles'
import type { UserState } from '@/lib/users'
import type { User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'

import { ACCOUNT_FIELD_NAMES, createAccount, listAccounts } from './accounts'

const STATE_CONDITIONS: Record<UserState, Where> = {
  verified: { status: { equals: 'verified' } },
  unverified: { status: { equals: 'unverified' } },
  blocked: { blocked: { equals: true } },
  chatBlocked: { chatBlocked: { equals: true } },
}

/**
 * POST /get-all-users-except-admins {search?, role?, state?, page?} → {users, page, total_pages,
 * total}: every account but admins', newest first; `search` looks in the login, email and
 * display name.
 */
export const getAllUsersExceptAdmins = defineEndpoint(calls.getAllUsersExceptAdmins, {
  handler: async ({ req, user, body, reply }) => {
    const where: Where[] = [{ role: { not_in: rolesWith(isAdmin) } }]
    if (body.role) where.push({ role: { equals: body.role } })
    if (body.state) where.push(STATE_CONDITIONS[body.state])
    if (body.search) {
      where.push({
        or: ['username', 'email', 'displayName'].map((field) => ({
          [field]: { like: body.search },
        })),
      })
    }
    return reply(await listAccounts({ req, user, where: { and: where }, page: body.page }))
  },
})

/**
 * POST /add-users (form data: login, email, password, password_confirmation, display_name, role,
 * name?, employer_id for an operator) → {user}: an account an admin vouches for, which signs in
 * at once.
 */
export const addUsers = defineEndpoint(calls.addUsers, {
  fieldNames: ACCOUNT_FIELD_NAMES,
  handler: async ({ req, user, body, reply }) => {
    let employer: number | null = null
    if (isEmployeeRole(body.role)) {
      const owner = body.employer_id
        ? await req.payload.findByID({
            collection: 'users',
            id: body.employer_id,
            depth: 0,
            disableErrors: true,
            req,
          })
        : null
      if (!owner || !isOwner(owner)) {
        return invalid({
          req,
          errors: { employer_id: [body.employer_id ? 'employer-invalid' : 'required'] },
        })
      }
      employer = owner.id
    }
    return createAccount({ req, user, body, data: { role: body.role, employer }, reply })
  },
})

/**
 * POST /block-user (form data: user_id, scope `site` | `chat`, blocked (true to block, false to
 * unblock), reason) → {user}. Blocking says why; it is kept in the block log with who and when.
 * A site block ends every session of the account at once. Admins are never blocked.
 */
export const blockUser = defineEndpoint(calls.blockUser, {
  fieldNames: { blockReason: 'reason', blocked: 'blocked', chatBlocked: 'blocked' },
  handler: async ({ req, user, body, reply }) => {
    const target = (await req.payload.findByID({
      collection: 'users',
      id: body.user_id,
      depth: 0,
      disableErrors: true,
      req,
    })) as User | null
    if (!target) return fail({ req, status: 404, code: 'user-not-found' })
    if (body.blocked && !body.reason) {
      return invalid({ req, errors: { reason: ['block-reason-required'] } })
    }
    const flag = body.scope === 'site' ? 'blocked' : 'chatBlocked'
    const updated = await req.payload.update({
      collection: 'users',
      id: target.id,
      data: { [flag]: body.blocked, blockReason: body.reason ?? '' },
      depth: 1,
      overrideAccess: false,
      user,
      req,
    })
    return reply({ user: managedAccountView(updated) })
  },
})

/**
 * POST /delete-user {user_id} → {deleted: true}: an admin deletes an account on its member's
 * request. The users collection's hooks do what the member's own deletion does, refuse what it
 * refuses (409) and log it as this admin's (hooks/users/eraseAccount.ts).
 */
export const deleteUser = defineEndpoint(calls.deleteUser, {
  handler: async ({ req, user, body, reply }) => {
    const target = await req.payload.findByID({
      collection: 'users',
      id: body.user_id,
      depth: 0,
      disableErrors: true,
      req,
    })
    if (!target) return fail({ req, status: 404, code: 'user-not-found' })
    await req.payload.delete({
      collection: 'users',
      id: target.id,
      overrideAccess: false,
      user,
      req,
    })
    return reply({ deleted: true })
  },
})

export const userAdminEndpoints = [getAllUsersExceptAdmins, addUsers, blockUser, deleteUser]
