import { z } from 'zod'

import type { ManagedAccountView } from '@/data/views/users'
import { LIMITS } from '@/lib/limits'
import {
  ASSIGNABLE_ROLES,
  EMPLOYEE_ROLES,
  MEMBER_ROLE,
  canAdministerUsers,
  canManageEmployees,
} from '@/lib/roles'
import { BLOCK_SCOPES, USER_STATES } from '@/lib/users'

import { displayNameField, emailField, loginField, newPassword } from './authFields'
import { answer, declareCall } from './call'
import { pageFields, recordId } from './fields'

/** One page of accounts, as the users screen and the employees list show them. */
export type AccountPage = {
  users: ManagedAccountView[]
  page: number
  total_pages: number
  total: number
}

type AccountAnswer = { user: ManagedAccountView }

const nameField = z.string().trim().max(LIMITS.nameMax, 'too-long').optional()

/** A new account's fields (the spec's user form): login, email, password twice, display name. */
const newAccountBody = <Shape extends z.ZodRawShape>(fields: Shape) =>
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
const accountChangesBody = <Shape extends z.ZodRawShape>(fields: Shape) =>
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

/** A choice among `values`, where the empty string (a select's "all") means none. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values, { message: 'value-invalid' })])
    .optional()
    .transform((value) => value || undefined)

const checkbox = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on')

const employeeRoleField = z.enum(EMPLOYEE_ROLES, { message: 'employee-role-invalid' })

export const getAllUsersExceptAdmins = declareCall({
  path: '/get-all-users-except-admins',
  method: 'post',
  auth: canAdministerUsers,
  summary:
    "Every account but the admins', newest first: search (login, email or display name), role, state (verified, unverified, blocked, chatBlocked), page",
  answer: answer<AccountPage>('{users, page, total_pages, total}'),
  body: z.object({
    page: pageFields.page,
    search: z.string().trim().max(LIMITS.searchQueryMax, 'too-long').optional(),
    role: optionalChoice(ASSIGNABLE_ROLES),
    state: optionalChoice(USER_STATES),
  }),
})

export const addUsers = declareCall({
  path: '/add-users',
  method: 'post',
  auth: canAdministerUsers,
  summary:
    'Add an account (form data): login, email, password, password_confirmation, display_name, role (any but admin), name?, employer_id (an owner) for an operator role',
  answer: answer<AccountAnswer>('{user}'),
  form: true,
  body: newAccountBody({
    role: z.enum(ASSIGNABLE_ROLES, { message: 'value-invalid' }).default(MEMBER_ROLE),
    employer_id: recordId.optional(),
  }),
})

export const blockUser = declareCall({
  path: '/block-user',
  method: 'post',
  auth: canAdministerUsers,
  summary:
    'Block or unblock an account on the whole site or in the chat (form data): user_id, scope (site | chat), blocked (true | false), reason (required to block)',
  answer: answer<AccountAnswer>('{user}'),
  form: true,
  body: z.object({
    user_id: recordId,
    scope: z.enum(BLOCK_SCOPES, { message: 'value-invalid' }).default('site'),
    blocked: checkbox.default(true),
    reason: z.string().trim().max(LIMITS.blockReasonMax, 'too-long').optional(),
  }),
})

export const addEmployer = declareCall({
  path: '/add-employer',
  method: 'post',
  auth: canManageEmployees,
  summary:
    'Add an employee account (form data): login, email, password, password_confirmation, display_name, role (an operator role), name?; admins name the owner in employer_id',
  answer: answer<AccountAnswer>('{user}'),
  form: true,
  body: newAccountBody({ role: employeeRoleField, employer_id: recordId.optional() }),
})

export const updateEmployer = declareCall({
  path: '/update-employer',
  method: 'post',
  auth: canManageEmployees,
  summary:
    "Change an employee's account (form data): user_id and any of login, email, display_name, name, role, password with password_confirmation",
  answer: answer<AccountAnswer>('{user}'),
  form: true,
  body: accountChangesBody({ user_id: recordId, role: employeeRoleField.optional() }),
})

export const deleteUser = declareCall({
  path: '/delete-user',
  method: 'post',
  auth: canAdministerUsers,
  summary:
    "Delete an account for good, on the member's request, as their own deletion would (the privacy page lists what goes and what stays), logged without the person; 409 while it owns resources or employs anyone, and for the caller's own account",
  answer: answer<{ deleted: true }>('{deleted: true}'),
  body: z.object({ user_id: recordId }),
})

export const deleteEmployer = declareCall({
  path: '/delete-employer',
  method: 'post',
  auth: canManageEmployees,
  summary:
    "Remove an employee: their account becomes a plain user's and loses the employer's resources at once",
  answer: answer<{ user_id: number }>(),
  body: z.object({ user_id: recordId }),
})

export const getAllEmployers = declareCall({
  path: '/get-all-employers',
  method: 'post',
  auth: canManageEmployees,
  summary: "The caller's employees, newest first (admins: every operator, or employer_id's)",
  answer: answer<AccountPage>('{users, page, total_pages, total}'),
  body: z.object({ page: pageFields.page, employer_id: recordId.optional() }),
})
