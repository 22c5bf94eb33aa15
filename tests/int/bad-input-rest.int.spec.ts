import { describe, expect, it } from 'vitest'

import { guest, member, setUpMalformedInputWorld, walkRestDoors } from '../helpers/malformedInput'

// The admin's walk, the longest, has a file of its own (bad-input-rest-admin), run beside this.
setUpMalformedInputWorld()

describe("Payload's REST doors with malformed input", () => {
  it.each([
    ['a guest', () => guest],
    ['a member', () => member],
  ])(
    "should answer %s with a 4xx in Payload's shape, never a 5xx",
    async (_, who) => {
      expect(await walkRestDoors(who())).toEqual([])
    },
    300_000,
  )
})
