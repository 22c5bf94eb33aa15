import { describe, expect, it } from 'vitest'

import { cleanListingAddress, listingHrefOf, listingSearch } from '@/lib/listingUrl'

const clean = (path: string, query: string) => cleanListingAddress(path, new URLSearchParams(query))

describe('listing addresses', () => {
  it('should leave defaults and empty values out of a filter form’s address', () => {
    expect(
      listingHrefOf({
        path: '/resources/shops',
        values: { country: '', rating: '', sort: 'best' },
      }),
    ).toBe('/resources/shops')
  })

  it('should keep the chosen filters and sort, from the first page', () => {
    expect(
      listingHrefOf({
        path: '/resources/shops',
        values: { country: 'ru', rating: '4', sort: 'name', verified: '1', page: '3' },
      }),
    ).toBe('/resources/shops?sort=name&country=RU&rating=4&verified=1')
  })

  it('should write a query without parameters as nothing', () => {
    expect(listingSearch({ sort: 'best', page: 1, verifiedOnly: false })).toBe('')
  })

  it('should send an address with empty parameters to its clean one', () => {
    expect(clean('/resources/shops', 'country=&rating=&sort=best')).toBe('/resources/shops')
    expect(clean('/resources/shops', 'country=RU&rating=&sort=name&page=2')).toBe(
      '/resources/shops?sort=name&page=2&country=RU',
    )
  })

  it('should serve an address without empty parameters as it is', () => {
    expect(clean('/resources/shops', 'country=RU&utm=x')).toBeNull()
    expect(clean('/resources/shops', '')).toBeNull()
  })

  it('should leave other pages alone', () => {
    expect(clean('/resources/shops/bazaar-one', 'sort=')).toBeNull()
    expect(clean('/search', 'q=&type=')).toBeNull()
  })
})
