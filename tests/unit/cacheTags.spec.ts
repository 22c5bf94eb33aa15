import { describe, expect, it } from 'vitest'

import { CACHE_TAGS, tagsOfChange } from '@/server/cacheTags'

const A = { id: 1, type: 'shop', slug: 'gadget-corner' } as const
const B = { id: 2, type: 'forum', slug: 'garden-talk' } as const
const SHOP_B = { id: 3, type: 'shop', slug: 'spice-shop' } as const

/** What a review of resource A expires: its hook knows A's id and (from the database) its type. */
const reviewOfA = tagsOfChange({ resources: [{ id: A.id, type: A.type }] })

describe('cache tags of a change', () => {
  it("should expire A's own reads, its type's listing and the home page on a review of A", () => {
    expect(reviewOfA).toEqual(
      expect.arrayContaining([CACHE_TAGS.resource(A.id), CACHE_TAGS.listing('shop'), 'home']),
    )
  })

  it("should leave other resources' pages, of A's type or another, cached on a review of A", () => {
    const pagesOfOthers = [B, SHOP_B].flatMap(({ id, slug }) => [
      CACHE_TAGS.resource(id),
      CACHE_TAGS.address(slug),
    ])
    expect(reviewOfA.filter((tag) => pagesOfOthers.includes(tag))).toEqual([])
    expect(reviewOfA).not.toContain(CACHE_TAGS.listing('forum'))
  })

  it('should expire the old and the new address when a resource changes its slug', () => {
    const tags = tagsOfChange({ resources: [A, { ...A, slug: 'gadget-corner-2' }] })
    expect(tags).toEqual(
      expect.arrayContaining([
        CACHE_TAGS.address('gadget-corner'),
        CACHE_TAGS.address('gadget-corner-2'),
      ]),
    )
  })

  it("should expire both types' listings when a resource changes its type", () => {
    const tags = tagsOfChange({ resources: [A, { ...A, type: 'exchanger' }] })
    expect(tags).toEqual(
      expect.arrayContaining([CACHE_TAGS.listing('shop'), CACHE_TAGS.listing('exchanger')]),
    )
  })

  it('should name each tag once', () => {
    const tags = tagsOfChange({ resources: [A, A] })
    expect(tags).toHaveLength(new Set(tags).size)
  })

  it('should expire the resource, the home page and the searches when its type is unknown', () => {
    expect(tagsOfChange({ resources: [{ id: 9 }] })).toEqual([
      'home',
      CACHE_TAGS.search,
      CACHE_TAGS.resource(9),
    ])
  })

  it('should keep an address tag one header value Next accepts, whatever was asked', () => {
    expect(CACHE_TAGS.address('a,b c')).toBe('address:a%2Cb%20c')
    expect(CACHE_TAGS.address('я'.repeat(90)).length).toBeLessThanOrEqual(256)
  })
})
