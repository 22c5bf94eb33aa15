import type { PayloadRequest, Where } from 'payload'
import { z } from 'zod'

import { pageFields, recordId } from '@/api/fields'
import { EMPLOYEE_ROLES, isEmployee, isOwner } from '@/lib/roles'
import { checkRole } from '@access/roles'
import type { User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid, ok } from '../lib/http'

import {
  ACCOUNT_FIELD_NAMES,
  accountChangesBody,
  changeAccount,
  createAccount,
  listAccounts,
  newAccountBody,
  reachableAccount,
} from './accounts'

const roleField = z.enum(EMPLOYEE_ROLES, { message: 'employee-role-invalid' })
const isAdmin = (user: User) => checkRole(['admin'], user)

/** The employees `user` manages: an owner's own; for admins every operator (or one owner's). */
const employeesOf = (user: User, employerId?: number): Where =>
  isAdmin(user)
    ? {
        and: [
          { role: { in: [...EMPLOYEE_ROLES] } },
          ...(employerId ? [{ employer: { equals: employerId } }] : []),
        ],
      }
    : { employer: { equals: user.id } }

/** An employee `user` manages, else null (another owner's is not found). */
const managedEmployee = async (req: PayloadRequest, user: User, id: number) => {
  const account = await reachableAccount(req, user, id)
  if (!account || account.id === user.id) return null
  if (!isAdmin(user)) return account
  return isEmployee(account) ? account : null
}

const notFound = (req: PayloadRequest) => fail({ req, status: 404, code: 'user-not-found' })

/**
 * POST /add-employer (form data: login, email, password, password_confirmation, display_name,
 * role, name?; admins also employer_id) → {user}: a new employee account, which signs in at once.
 */
export const addEmployer = defineEndpoint({
  path: '/add-employer',
  method: 'post',
  auth: ['owner', 'admin'],
  summary:
    'Add an employee account (form data): login, email, password, password_confirmation, display_name, role (an operator role), name?; admins name the owner in employer_id',
  answer: '{user}',
  form: true,
  fieldNames: ACCOUNT_FIELD_NAMES,
  body: newAccountBody({ role: roleField, employer_id: recordId.optional() }),
  handler: async ({ req, user, body }) => {
    let employer = user.id
    if (isAdmin(user)) {
      if (!body.employer_id) return invalid({ req, errors: { employer_id: ['required'] } })
      const owner = await req.payload.findByID({
        collection: 'users',
        id: body.employer_id,
        depth: 0,
        disableErrors: true,
        req,
      })
      if (!owner || !isOwner(owner)) {
        return invalid({ req, errors: { employer_id: ['employer-invalid'] } })
      }
      employer = owner.id
    }
    return createAccount({ req, user, body, data: { role: body.role, employer } })
  },
})

/**
 * POST /update-employer (form data: user_id and any of login, email, display_name, name, role,
 * password with password_confirmation) → {user}. A new role applies to the employee's next
 * request, open sessions included.
 */
export const updateEmployer = defineEndpoint({
  path: '/update-employer',
  method: 'post',
  auth: ['owner', 'admin'],
  summary:
    "Change an employee's account (form data): user_id and any of login, email, display_name, name, role, password with password_confirmation",
  answer: '{user}',
  form: true,
  fieldNames: ACCOUNT_FIELD_NAMES,
  body: accountChangesBody({ user_id: recordId, role: roleField.optional() }),
  handler: async ({ req, user, body }) => {
    const employee = await managedEmployee(req, user, body.user_id)
    if (!employee) return notFound(req)
    return changeAccount({
      req,
      user,
      id: employee.id,
      body,
      data: body.role ? { role: body.role } : {},
    })
  },
})

/**
 * POST /delete-employer {user_id}: the employee is let go: the account stays, as a plain user's
 * with no employer, and loses the employer's resources on its next request.
 */
export const deleteEmployer = defineEndpoint({
  path: '/delete-employer',
  method: 'post',
  auth: ['owner', 'admin'],
  summary:
    "Remove an employee: their account becomes a plain user's and loses the employer's resources at once",
  body: z.object({ user_id: recordId }),
  handler: async ({ req, user, body }) => {
    const employee = await managedEmployee(req, user, body.user_id)
    if (!employee) return notFound(req)
    await req.payload.update({
      collection: 'users',
      id: employee.id,
      data: { role: 'user', employer: null },
      depth: 0,
      overrideAccess: false,
      user,
      req,
    })
    return ok({ user_id: employee.id })
  },
})

/**
 * POST /get-all-employers {page?, employer_id?} → {users, page, total_pages, total}: an owner's
 * employees; admins see every operator, or one owner's with employer_id.
 */
export const getAllEmployers = defineEndpoint({
  path: '/get-all-employers',
  method: 'post',
  auth: ['owner', 'admin'],
  summary: "The caller's employees, newest first (admins: every operator, or employer_id's)",
  answer: '{users, page, total_pages, total}',
  body: z.object({ page: pageFields.page, employer_id: recordId.optional() }),
  handler: async ({ req, user, body }) =>
    ok(
      await listAccounts({
        req,
        user,
        where: employeesOf(user, body.employer_id),
        page: body.page,
      }),
    ),
})

export const employeeEndpoints = [addEmployer, updateEmployer, deleteEmployer, getAllEmployers]
