import { describe, expect, it } from 'vitest'

import { loginOfAddress, reviewerPath, reviewerProfileLogin } from '@/lib/reviewers'
import { ruleFor } from '@/routes'

describe('reviewer profiles', () => {
  it('should take a login from an address in lower case, and nothing a login could not be', () => {
    expect(loginOfAddress('Jane.Doe')).toBe('jane.doe')
    expect(loginOfAddress('mp-operator')).toBe('mp-operator')
    for (const value of [
      '',
      'ab',
      'a'.repeat(33),
      'user\u0000',
      "o'brien",
      'юзер',
      '../x',
      'a b',
    ]) {
      expect(loginOfAddress(value), value).toBeNull()
    }
  })

  it('should link a card to a profile only when it is public and its member not blocked', () => {
    const open = { username: 'jane', blocked: false, profilePrivate: false }
    expect(reviewerProfileLogin(open)).toBe('jane')
    expect(reviewerProfileLogin({ ...open, profilePrivate: true })).toBeNull()
    expect(reviewerProfileLogin({ ...open, blocked: true })).toBeNull()
    // Read under access that keeps the setting or the block from the reader: no link.
    expect(reviewerProfileLogin({ username: 'jane', blocked: false })).toBeNull()
    expect(reviewerProfileLogin({ username: 'jane', profilePrivate: false })).toBeNull()
  })

  it('should give a profile a public address', () => {
    expect(reviewerPath('jane.doe')).toBe('/reviewers/jane.doe')
    expect(ruleFor('/reviewers/jane.doe')).toBe('public')
  })
})
