import type { PayloadRequest, Where } from 'payload'

import * as calls from '@/api/users'
import { EMPLOYEE_ROLES, MEMBER_ROLE, isAdmin, isEmployee, isOwner } from '@/lib/roles'
import type { User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'

import {
  ACCOUNT_FIELD_NAMES,
  changeAccount,
  createAccount,
  listAccounts,
  reachableAccount,
} from './accounts'

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
export const addEmployer = defineEndpoint(calls.addEmployer, {
  fieldNames: ACCOUNT_FIELD_NAMES,
  handler: async ({ req, user, body, reply }) => {
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
    return createAccount({ req, user, body, data: { role: body.role, employer }, reply })
  },
})

/**
 * POST /update-employer (form data: user_id and any of login, email, display_name, name, role,
 * password with password_confirmation) → {user}. A new role applies to the employee's next
 * request, open sessions included.
 */
export const updateEmployer = defineEndpoint(calls.updateEmployer, {
  fieldNames: ACCOUNT_FIELD_NAMES,
  handler: async ({ req, user, body, reply }) => {
    const employee = await managedEmployee(req, user, body.user_id)
    if (!employee) return notFound(req)
    return changeAccount({
      req,
      user,
      id: employee.id,
      body,
      data: body.role ? { role: body.role } : {},
      reply,
    })
  },
})

/**
 * POST /delete-employer {user_id}: the employee is let go: the account stays, as a plain user's
 * with no employer, and loses the employer's resources on its next request.
 */
export const deleteEmployer = defineEndpoint(calls.deleteEmployer, {
  handler: async ({ req, user, body, reply }) => {
    const employee = await managedEmployee(req, user, body.user_id)
    if (!employee) return notFound(req)
    await req.payload.update({
      collection: 'users',
      id: employee.id,
      data: { role: MEMBER_ROLE, employer: null },
      depth: 0,
      overrideAccess: false,
      user,
      req,
    })
    return reply({ user_id: employee.id })
  },
})

/**
 * POST /get-all-employers {page?, employer_id?} → {users, page, total_pages, total}: an owner's
 * employees; admins see every operator, or one owner's with employer_id.
 */
export const getAllEmployers = defineEndpoint(calls.getAllEmployers, {
  handler: async ({ req, user, body, reply }) =>
    reply(
      await listAccounts({
        req,
        user,
        where: employeesOf(user, body.employer_id),
        page: body.page,
      }),
    ),
})

export const employeeEndpoints = [addEmployer, updateEmployer, deleteEmployer, getAllEmployers]
