import { describe, expect, it } from 'vitest'

import { bayesianRating } from '@/lib/rating'

describe('best rated', () => {
  it('should not rank one 5-star review above five hundred of 4.8 stars', () => {
    expect(bayesianRating({ average: 5, count: 1 })).toBeLessThan(
      bayesianRating({ average: 4.8, count: 500 }),
    )
  })

  it('should still rank many good reviews above as many middling ones', () => {
    expect(bayesianRating({ average: 4.5, count: 40 })).toBeGreaterThan(
      bayesianRating({ average: 3.9, count: 40 }),
    )
  })
})
