import { readdirSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import type { CallDeclaration } from '@/api/call'
import * as roleModel from '@/lib/roles'
import {
  EMPLOYEE_ROLES,
  MEMBER_ROLE,
  OPERATOR_ROLE_OF_TYPE,
  OWNER_ROLE,
  ROLES,
  type Capability,
  type Role,
  canAddResources,
  canEditContent,
  canModerateComments,
  canUseAdminPanel,
  isEmployeeRole,
  roleBadgeTone,
  rolesWith,
} from '@/lib/roles'

/** The role model's functions that are no capability: its helpers. */
const HELPERS = ['rolesWith', 'isEmployeeRole', 'roleBadgeTone']

/** Every capability the role model exports, by name: a new one fails the table below. */
const capabilities = Object.entries(roleModel).filter(
  (entry): entry is [string, Capability] =>
    typeof entry[1] === 'function' && !HELPERS.includes(entry[0]),
)

const ADMINS: Role[] = ['admin']

/** design.md §3, as the role model answers it: who may do what, by role (unblocked). */
const table: Record<string, readonly Role[]> = {
  isAdmin: ADMINS,
  isOwner: ['owner'],
  isEmployee: EMPLOYEE_ROLES,
  isPlainMember: ['user'],
  canUseAdminPanel: ['admin', 'editor'],
  canEditContent: ['admin', 'editor'],
  canModerateComments: ['admin', 'editor'],
  canAnswerTickets: ADMINS,
  canDecideVerification: ADMINS,
  canSeeSupportFiles: ADMINS,
  canAdministerUsers: ADMINS,
  canModerate: ADMINS,
  canDecidePgpKeys: ADMINS,
  canKeepSavedReplies: ADMINS,
  canSeeMachinery: ADMINS,
  canModerateChat: ADMINS,
  canActForAnyone: ADMINS,
  canReviewUnguarded: ADMINS,
  canSeeMembersRecords: ADMINS,
  canManageEveryFile: ADMINS,
  canManageEmployees: ['owner', 'admin'],
  canManageResources: ['admin', 'owner', ...EMPLOYEE_ROLES],
  canManageEveryResource: ADMINS,
  canSeeAnalytics: ['admin', 'owner', ...EMPLOYEE_ROLES],
  canSeeSiteAnalytics: ADMINS,
  canAddResources: ['admin', 'owner', 'user'],
  canBeBlocked: ROLES.filter((role) => role !== 'admin'),
}

describe('the role model', () => {
  it('should have a row in the table for every capability it exports', () => {
    expect(Object.keys(table).sort()).toEqual(capabilities.map(([name]) => name).sort())
  })

  it.each(capabilities)('%s should hold for exactly its roles', (name, capability) => {
    expect(rolesWith(capability)).toEqual(ROLES.filter((role) => table[name].includes(role)))
  })

  it('should make each capability a function of its own, known by its name', () => {
    expect(new Set(capabilities.map(([, capability]) => capability)).size).toBe(capabilities.length)
  })

  it('should refuse guests every capability but being blocked', () => {
    const granted = capabilities.filter(([, capability]) => capability(null))
    expect(granted.map(([name]) => name)).toEqual(['canBeBlocked'])
  })

  it('should take editing and moderation from a blocked editor, and adding from a blocked member', () => {
    expect(canEditContent({ role: 'editor', blocked: true })).toBe(false)
    expect(canModerateComments({ role: 'admin', blocked: true })).toBe(false)
    expect(canAddResources({ role: 'user', blocked: true })).toBe(false)
    expect(canUseAdminPanel({ role: 'editor', blocked: true })).toBe(true)
  })

  it('should give a new member, a new owner and each resource type roles of the model', () => {
    expect([MEMBER_ROLE, OWNER_ROLE]).toEqual(['user', 'owner'])
    expect(Object.values(OPERATOR_ROLE_OF_TYPE).every(isEmployeeRole)).toBe(true)
  })

  it('should give plain members no badge, admins a danger badge and other roles an info one', () => {
    expect(roleBadgeTone({ role: 'user' })).toBeNull()
    expect(roleBadgeTone({ role: 'admin' })).toBe('danger')
    expect(roleBadgeTone({ role: 'editor' })).toBe('info')
    expect(roleBadgeTone(null)).toBeNull()
  })
})

describe("the calls' callers", () => {
  it("should be 'anyone', 'signedIn' or a capability of the role model in every declaration", async () => {
    const folder = path.resolve(__dirname, '../../src/api')
    const modules = await Promise.all(
      readdirSync(folder)
        .filter((file) => file.endsWith('.ts'))
        .map((file) => import(path.join(folder, file))),
    )
    const named = new Set<unknown>([
      'anyone',
      'signedIn',
      ...capabilities.map(([, value]) => value),
    ])
    const declarations = modules
      .flatMap((module) => Object.values(module))
      .filter((value): value is CallDeclaration => Boolean((value as CallDeclaration)?.path))
    expect(declarations.length).toBeGreaterThan(50)
    expect(declarations.filter(({ auth }) => !named.has(auth)).map(({ path }) => path)).toEqual([])
  })
})
