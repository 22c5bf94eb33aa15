import { describe, expect, it } from 'vitest'

import { admin, setUpMalformedInputWorld, walkRestDoors } from '../helpers/malformedInput'

setUpMalformedInputWorld()

describe("Payload's REST doors with malformed input", () => {
  it("should answer an admin with a 4xx in Payload's shape, never a 5xx", async () => {
    expect(await walkRestDoors(admin)).toEqual([])
  }, 300_000)
})
