import { describe, expect, it } from 'vitest'

import {
  directoryViewPath,
  listingParams,
  readListingView,
  readReviewView,
} from '@/lib/directoryViews'

const viewOf = (path: string, query = '') => directoryViewPath(path, new URLSearchParams(query))

describe('directory views', () => {
  it('should give a listing without a query its default view', () => {
    expect(viewOf('/resources/shops')).toBe('/directory-view/listing/shops/default')
  })

  it('should give equal queries one view, whatever their order and defaults', () => {
    const a = viewOf('/resources/shops', 'page=2&country=ru&sort=newest&verified=1&rating=4')
    const b = viewOf('/resources/shops', 'rating=4&verified=1&sort=newest&country=RU&page=2&x=1')
    expect(a).toBe(
      '/directory-view/listing/shops/sort-newest.page-2.country-RU.rating-4.verified-1',
    )
    expect(b).toBe(a)
    expect(viewOf('/resources/shops', 'sort=best&page=1&country=&rating=')).toBe(
      '/directory-view/listing/shops/default',
    )
  })

  it('should drop what is not a valid value, so the views stay few', () => {
    expect(
      viewOf('/resources/shops', 'sort=drop&page=-3&country=Russia&rating=9&verified=yes'),
    ).toBe('/directory-view/listing/shops/default')
    expect(viewOf('/resources/shops', 'page=2&page=7')).toBe('/directory-view/listing/shops/page-2')
  })

  it('should give a resource page its review sort and page', () => {
    expect(viewOf('/resources/forums/the-hub', 'sort=lowest&page=3&utm=x')).toBe(
      '/directory-view/resource/forums/the-hub/sort-lowest.page-3',
    )
    expect(viewOf('/resources/forums/the-hub', 'sort=newest')).toBe(
      '/directory-view/resource/forums/the-hub/default',
    )
  })

  it('should leave every other path alone', () => {
    for (const path of ['/', '/resources', '/resources/a/b/c', '/search/a/b', '/news/resources']) {
      expect(viewOf(path, 'page=2')).toBeNull()
    }
  })

  it('should read back the query a view was made from', () => {
    const query = readListingView('sort-name.page-4.country-DE.rating-3.verified-1')
    expect(query).toEqual({
      sort: 'name',
      page: 4,
      country: 'DE',
      minRating: 3,
      verifiedOnly: true,
    })
    expect(listingParams(query)).toEqual({
      sort: 'name',
      page: '4',
      country: 'DE',
      rating: '3',
      verified: '1',
    })
    expect(readReviewView('default')).toEqual({ sort: 'newest', page: 1 })
    expect(readReviewView('sort-highest.page-2')).toEqual({ sort: 'highest', page: 2 })
    expect(readReviewView('sort-helpful.grade-5')).toEqual({ sort: 'helpful', page: 1, grade: 5 })
  })

  it('should keep a review grade filter of 1 to 5 and drop anything else', () => {
    const view = (search: string) =>
      directoryViewPath('/resources/shops/spice-shop', new URLSearchParams(search))
    expect(view('grade=4&sort=lowest')).toBe(
      '/directory-view/resource/shops/spice-shop/sort-lowest.grade-4',
    )
    for (const bad of ['grade=0', 'grade=6', 'grade=4.5', 'grade=', 'grade=abc']) {
      expect(view(bad)).toBe('/directory-view/resource/shops/spice-shop/default')
    }
  })
})
