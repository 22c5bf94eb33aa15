import { describe, expect, it } from 'vitest'

import {
  ROLES,
  type Role,
  canAddResources,
  canAnswerTickets,
  canBeBlocked,
  canEditContent,
  canManageEmployees,
  canModerate,
  canModerateComments,
  canUseAdminPanel,
  isEmployee,
  roleBadgeTone,
} from '@/lib/roles'

/** design.md §3, as the role model answers it: who may do what, by role. */
const table: Record<string, { capability: (someone: { role: Role }) => boolean; roles: Role[] }> = {
  canUseAdminPanel: { capability: canUseAdminPanel, roles: ['admin', 'editor'] },
  canEditContent: { capability: canEditContent, roles: ['admin', 'editor'] },
  canModerateComments: { capability: canModerateComments, roles: ['admin', 'editor'] },
  canAnswerTickets: { capability: canAnswerTickets, roles: ['admin'] },
  canModerate: { capability: canModerate, roles: ['admin'] },
  canManageEmployees: { capability: canManageEmployees, roles: ['owner', 'admin'] },
  canAddResources: { capability: canAddResources, roles: ['admin', 'owner', 'user'] },
  isEmployee: {
    capability: isEmployee,
    roles: ['marketplaceOperator', 'storeOperator', 'forumOperator'],
  },
  canBeBlocked: { capability: canBeBlocked, roles: ROLES.filter((role) => role !== 'admin') },
}

describe('the role model', () => {
  it.each(Object.entries(table))('%s should hold for exactly its roles', (_name, entry) => {
    expect(ROLES.filter((role) => entry.capability({ role }))).toEqual(
      ROLES.filter((role) => entry.roles.includes(role)),
    )
  })

  it('should refuse guests every capability', () => {
    for (const { capability } of Object.values(table).filter(({ roles }) => roles.length < 6)) {
      expect(capability(null as never)).toBe(false)
    }
  })

  it('should take editing and moderation from a blocked editor, and adding from a blocked member', () => {
    expect(canEditContent({ role: 'editor', blocked: true })).toBe(false)
    expect(canModerateComments({ role: 'admin', blocked: true })).toBe(false)
    expect(canAddResources({ role: 'user', blocked: true })).toBe(false)
    expect(canUseAdminPanel({ role: 'editor', blocked: true })).toBe(true)
  })

  it('should give plain members no badge, admins a danger badge and other roles an info one', () => {
    expect(roleBadgeTone({ role: 'user' })).toBeNull()
    expect(roleBadgeTone({ role: 'admin' })).toBe('danger')
    expect(roleBadgeTone({ role: 'editor' })).toBe('info')
    expect(roleBadgeTone(null)).toBeNull()
  })
})
