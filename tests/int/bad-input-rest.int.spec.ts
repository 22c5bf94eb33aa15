import { describe, expect, it } from 'vitest'

import {
  guest,
  member,
  restCollections,
  setUpMalformedInputWorld,
  walkRestDoors,
} from '../helpers/malformedInput'

// The admin's walk, the longest, has a file of its own (bad-input-rest-admin), run beside this.
setUpMalformedInputWorld()

const slugs = await restCollections()

describe.each([
  ['a guest', () => guest],
  ['a member', () => member],
])("Payload's REST doors with malformed input, from %s", (name, who) => {
  it.each(slugs)(
    `should answer ${name} with a 4xx in Payload's shape at /api/%s, never a 5xx`,
    async (slug) => {
      expect(await walkRestDoors(who(), slug)).toEqual([])
    },
    120_000,
  )
})
