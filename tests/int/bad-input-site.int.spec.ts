import { describe, expect, it } from 'vitest'

import {
  guest,
  member,
  siteCalls,
  setUpMalformedInputWorld,
  walkSiteCalls,
} from '../helpers/malformedInput'

setUpMalformedInputWorld()

describe('the site calls with malformed input', () => {
  it('should find the calls to walk in their declarations', () => {
    expect(siteCalls().length).toBeGreaterThan(30)
  })

  it('should answer a guest with a 4xx in the API shape, never a 5xx', async () => {
    expect(await walkSiteCalls(guest)).toEqual([])
  }, 300_000)

  it('should answer a member with a 4xx in the API shape, never a 5xx', async () => {
    expect(await walkSiteCalls(member)).toEqual([])
  }, 300_000)
})
