import { describe, expect, it } from 'vitest'

import {
  admin,
  restCollections,
  setUpMalformedInputWorld,
  walkRestDoors,
} from '../helpers/malformedInput'

setUpMalformedInputWorld()

const slugs = await restCollections()

describe("Payload's REST doors with malformed input", () => {
  it.each(slugs)(
    "should answer an admin with a 4xx in Payload's shape at /api/%s, never a 5xx",
    async (slug) => {
      expect(await walkRestDoors(admin, slug)).toEqual([])
    },
    120_000,
  )
})
