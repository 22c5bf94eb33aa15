import { describe, expect, it } from 'vitest'

import { ROLES } from '@/lib/roles'

import { ROLE_NAMES } from '../../eslint/roleNames.mjs'

import { ruleIdsFor } from './lintProbe'

/**
 * Only the role model names the roles (ARCHITECTURE.md, "Roles"): a probe file names one in a
 * part of the house, and ESLint with the project's own config is asked what it thinks.
 */
const RULE = 'role-model/no-role-names'

describe('role names outside the role model', () => {
  it("should be refused for every role but 'user' (a field's name too)", () => {
    expect(ROLE_NAMES).toEqual(ROLES.filter((role) => role !== 'user'))
  })

  it.each([
    ['access/probe.ts', "const value = { role: { equals: 'admin' } }"],
    ['src/api/probe.ts', "const value = { auth: ['admin', 'editor'] }"],
    ['hooks/probe.ts', "const value = ['owner', 'storeOperator'].includes('x')"],
    ['endpoints/probe.ts', "const value = { role: 'user' }"],
    ['collections/probe.ts', "const value = { defaultValue: 'marketplaceOperator' }"],
    ['src/components/Probe.client.tsx', "const value = 'forumOperator'"],
    ['src/server/probe.ts', "const value = { role: { not_equals: 'admin' } }"],
  ])('should refuse a role named in %s (%s)', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain(RULE)
  })

  it.each([
    ['src/lib/roles.ts', "const value = 'admin'"],
    ['tests/unit/probe.spec.ts', "const value = { role: 'admin' }"],
    ['src/seed/probe.ts', "const value = { role: 'owner' }"],
    ['collections/probe.ts', "const value = { name: 'owner', type: 'relationship' }"],
    ['src/server/probe.ts', "type Door = 'page' | 'admin'\nconst value: Door = 'page'"],
    ['hooks/probe.ts', "const value = { field: 'user' }"],
  ])('should let %s say it (%s)', async (file, code) => {
    expect(await ruleIdsFor(file, code)).not.toContain(RULE)
  })

  it('should let code ask a capability and give a role of the model', async () => {
    const code =
      "import { MEMBER_ROLE, isAdmin } from '@/lib/roles'\nconst value = isAdmin({ role: MEMBER_ROLE })"
    expect(await ruleIdsFor('endpoints/probe.ts', code)).toEqual([])
  })
})
