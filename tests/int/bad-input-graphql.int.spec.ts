import { describe, expect, it } from 'vitest'

import {
  admin,
  guest,
  member,
  setUpMalformedInputWorld,
  walkGraphqlDoor,
} from '../helpers/malformedInput'

setUpMalformedInputWorld()

describe('the GraphQL door with malformed input', () => {
  it.each([
    ['a guest', () => guest],
    ['a member', () => member],
    ['an admin', () => admin],
  ])(
    'should answer %s with GraphQL errors, never a 5xx',
    async (_, who) => {
      expect(await walkGraphqlDoor(who())).toEqual([])
    },
    300_000,
  )
})
