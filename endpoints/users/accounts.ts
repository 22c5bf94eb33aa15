import type { PayloadRequest, Where } from 'payload'

import type { AccountPage } from '@/api/users'
import { type ManagedAccountView, managedAccountView } from '@/data/views/users'
import { USERS_PAGE_SIZE } from '@/lib/users'
import { messageLocale } from '@/server/serverMessages'
import type { User } from '@payload-types'

import { takenFields } from '../auth/register'
import { fail, invalid } from '../lib/http'

/** Validation errors of the users collection, named as the API names its fields. */
export const ACCOUNT_FIELD_NAMES = { username: 'login', displayName: 'display_name' }

/** The 200 of a call that answers the account it created or changed. */
type ReplyAccount = (answer: { user: ManagedAccountView }) => Response

/** The login and email as they are stored: lower case. */
export const normalised = (body: { login?: string; email?: string; display_name?: string }) => ({
  login: body.login?.toLowerCase(),
  email: body.email?.toLowerCase(),
  displayName: body.display_name,
})

/**
 * Creates an account as `user` (their access and the collection's rules apply: an owner's is
 * their employee), refusing a login, email or display name already taken, even by a racing call.
 */
export const createAccount = async ({
  req,
  user,
  body,
  data,
  reply,
}: {
  req: PayloadRequest
  user: User
  body: { login: string; email: string; display_name: string; name?: string; password: string }
  data: Partial<User>
  reply: ReplyAccount
}): Promise<Response> => {
  const names = normalised(body)
  const taken = await takenFields({ req, ...names })
  if (Object.keys(taken).length) return invalid({ req, errors: taken })
  try {
    const created = await req.payload.create({
      collection: 'users',
      data: {
        username: names.login,
        email: names.email!,
        displayName: body.display_name,
        name: body.name || undefined,
        password: body.password,
        status: 'verified',
        twoFactor: 'none',
        authProvider: 'email',
        locale: messageLocale(req),
        ...data,
      } as User,
      depth: 1,
      overrideAccess: false,
      user,
      req,
    })
    return reply({ user: managedAccountView(created) })
  } catch (error) {
    const again = await takenFields({ req, ...names })
    if (Object.keys(again).length) return invalid({ req, errors: again })
    throw error
  }
}

/**
 * Changes an account `user` reaches (else 'User not found.'), with their access and the
 * collection's rules.
 */
export const changeAccount = async ({
  req,
  user,
  id,
  body,
  data = {},
  reply,
}: {
  req: PayloadRequest
  user: User
  id: number
  body: { login?: string; email?: string; display_name?: string; name?: string; password?: string }
  data?: Partial<User>
  reply: ReplyAccount
}): Promise<Response> => {
  const account = await reachableAccount(req, user, id)
  if (!account) return fail({ req, status: 404, code: 'user-not-found' })
  const names = normalised(body)
  const taken = await takenFields({ req, ...names, except: id })
  if (Object.keys(taken).length) return invalid({ req, errors: taken })
  const changes: Partial<User> = { ...data }
  if (names.login !== undefined) changes.username = names.login
  if (names.email !== undefined) changes.email = names.email
  if (names.displayName !== undefined) changes.displayName = names.displayName
  if (body.name !== undefined) changes.name = body.name || null
  if (body.password) changes.password = body.password
  const updated = await req.payload.update({
    collection: 'users',
    id,
    data: changes,
    depth: 1,
    overrideAccess: false,
    user,
    req,
  })
  return reply({ user: managedAccountView(updated) })
}

/** An account `user` may reach (their own, their employees', anyone's for admins), else null. */
export const reachableAccount = (req: PayloadRequest, user: User, id: number) =>
  req.payload.findByID({
    collection: 'users',
    id,
    depth: 0,
    overrideAccess: false,
    user,
    disableErrors: true,
    req,
  }) as Promise<User | null>

/** One page of the accounts `where` names, as `user` may see them, newest first. */
export const listAccounts = async ({
  req,
  user,
  where,
  page,
}: {
  req: PayloadRequest
  user: User
  where: Where
  page: number
}): Promise<AccountPage> => {
  const found = await req.payload.find({
    collection: 'users',
    where,
    sort: '-createdAt',
    page,
    limit: USERS_PAGE_SIZE,
    depth: 1,
    populate: { users: { displayName: true } },
    overrideAccess: false,
    user,
    req,
  })
  return {
    users: found.docs.map(managedAccountView),
    page,
    total_pages: found.totalPages,
    total: found.totalDocs,
  }
}
