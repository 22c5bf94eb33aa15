import type { PayloadRequest, Where } from 'payload'
import { z } from 'zod'

import { emailField, displayNameField, loginField, newPassword } from '@/api/authFields'
import { type ManagedAccountView, managedAccountView } from '@/data/views/users'
import { LIMITS } from '@/lib/limits'
import { USERS_PAGE_SIZE } from '@/lib/users'
import { requestLocale } from '@/server/serverMessages'
import type { User } from '@payload-types'

import { takenFields } from '../auth/register'
import { fail, invalid, ok } from '../lib/http'

/** Validation errors of the users collection, named as the API names its fields. */
export const ACCOUNT_FIELD_NAMES = { username: 'login', displayName: 'display_name' }

const nameField = z.string().trim().max(LIMITS.nameMax, 'too-long').optional()

/** A new account's fields (the spec's user form): login, email, password twice, display name. */
export const newAccountBody = <Shape extends z.ZodRawShape>(fields: Shape) =>
  newPassword({
    login: loginField,
    email: emailField,
    display_name: displayNameField,
    name: nameField,
    ...fields,
  })

const optionalPassword = z
  .string()
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.string().min(LIMITS.passwordMin, 'password-too-short').optional())

/** The fields that change an account: each optional; a new password is typed twice. */
export const accountChangesBody = <Shape extends z.ZodRawShape>(fields: Shape) =>
  z
    .object({
      login: loginField.optional(),
      email: emailField.optional(),
      display_name: displayNameField.optional(),
      name: nameField,
      password: optionalPassword,
      password_confirmation: z.string().optional(),
      ...fields,
    })
    .refine(
      (data) => {
        const typed = data as { password?: string; password_confirmation?: string }
        return !typed.password || typed.password === typed.password_confirmation
      },
      { path: ['password_confirmation'], message: 'passwords-mismatch' },
    )

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
}: {
  req: PayloadRequest
  user: User
  body: { login: string; email: string; display_name: string; name?: string; password: string }
  data: Partial<User>
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
        locale: requestLocale(req.headers),
        ...data,
      } as User,
      depth: 1,
      overrideAccess: false,
      user,
      req,
    })
    return ok({ user: managedAccountView(created) })
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
}: {
  req: PayloadRequest
  user: User
  id: number
  body: { login?: string; email?: string; display_name?: string; name?: string; password?: string }
  data?: Partial<User>
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
  return ok({ user: managedAccountView(updated) })
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
}): Promise<{ users: ManagedAccountView[]; page: number; total_pages: number; total: number }> => {
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
