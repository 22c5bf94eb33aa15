import type { Where } from 'payload'
import { z } from 'zod'

import { pageFields, recordId } from '@/api/fields'
import { managedAccountView } from '@/data/views/users'
import { LIMITS } from '@/lib/limits'
import { ASSIGNABLE_ROLES, isEmployeeRole, isOwner } from '@/lib/roles'
import { BLOCK_SCOPES, USER_STATES, type UserState } from '@/lib/users'
import type { User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid, ok } from '../lib/http'

import { ACCOUNT_FIELD_NAMES, createAccount, listAccounts, newAccountBody } from './accounts'

const STATE_CONDITIONS: Record<UserState, Where> = {
  verified: { status: { equals: 'verified' } },
  unverified: { status: { equals: 'unverified' } },
  blocked: { blocked: { equals: true } },
  chatBlocked: { chatBlocked: { equals: true } },
}

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values, { message: 'value-invalid' })])
    .optional()
    .transform((value) => value || undefined)

/**
 * POST /get-all-users-except-admins {search?, role?, state?, page?} → {users, page, total_pages,
 * total}: every account but admins', newest first; `search` looks in the login, email and
 * display name.
 */
export const getAllUsersExceptAdmins = defineEndpoint({
  path: '/get-all-users-except-admins',
  method: 'post',
  auth: ['admin'],
  summary:
    "Every account but the admins', newest first: search (login, email or display name), role, state (verified, unverified, blocked, chatBlocked), page",
  answer: '{users, page, total_pages, total}',
  body: z.object({
    page: pageFields.page,
    search: z.string().trim().max(LIMITS.searchQueryMax, 'too-long').optional(),
    role: optionalChoice(ASSIGNABLE_ROLES),
    state: optionalChoice(USER_STATES),
  }),
  handler: async ({ req, user, body }) => {
    const where: Where[] = [{ role: { not_equals: 'admin' } }]
    if (body.role) where.push({ role: { equals: body.role } })
    if (body.state) where.push(STATE_CONDITIONS[body.state])
    if (body.search) {
      where.push({
        or: ['username', 'email', 'displayName'].map((field) => ({
          [field]: { like: body.search },
        })),
      })
    }
    return ok(await listAccounts({ req, user, where: { and: where }, page: body.page }))
  },
})

/**
 * POST /add-users (form data: login, email, password, password_confirmation, display_name, role,
 * name?, employer_id for an operator) → {user}: an account an admin vouches for, which signs in
 * at once.
 */
export const addUsers = defineEndpoint({
  path: '/add-users',
  method: 'post',
  auth: ['admin'],
  summary:
    'Add an account (form data): login, email, password, password_confirmation, display_name, role (any but admin), name?, employer_id (an owner) for an operator role',
  answer: '{user}',
  form: true,
  fieldNames: ACCOUNT_FIELD_NAMES,
  body: newAccountBody({
    role: z.enum(ASSIGNABLE_ROLES, { message: 'value-invalid' }).default('user'),
    employer_id: recordId.optional(),
  }),
  handler: async ({ req, user, body }) => {
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
    return createAccount({ req, user, body, data: { role: body.role, employer } })
  },
})

const checkbox = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on')

/**
 * POST /block-user (form data: user_id, scope `site` | `chat`, blocked (true to block, false to
 * unblock), reason) → {user}. Blocking says why; it is kept in the block log with who and when.
 * A site block ends every session of the account at once. Admins are never blocked.
 */
export const blockUser = defineEndpoint({
  path: '/block-user',
  method: 'post',
  auth: ['admin'],
  summary:
    'Block or unblock an account on the whole site or in the chat (form data): user_id, scope (site | chat), blocked (true | false), reason (required to block)',
  answer: '{user}',
  form: true,
  fieldNames: { blockReason: 'reason', blocked: 'blocked', chatBlocked: 'blocked' },
  body: z.object({
    user_id: recordId,
    scope: z.enum(BLOCK_SCOPES, { message: 'value-invalid' }).default('site'),
    blocked: checkbox.default(true),
    reason: z.string().trim().max(LIMITS.blockReasonMax, 'too-long').optional(),
  }),
  handler: async ({ req, user, body }) => {
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
    return ok({ user: managedAccountView(updated) })
  },
})

export const userAdminEndpoints = [getAllUsersExceptAdmins, addUsers, blockUser]
