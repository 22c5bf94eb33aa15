import { expect } from '@playwright/test'

import { test } from './support'

/** Addresses no page could come from: percent-encoding that decodes to nothing, NUL, size. */
const NO_PAGE = [
  '/search/%zz',
  '/en/search/%E0%A4%A',
  '/resources/shops/%ff',
  '/en/resources/marketplaces/%ED%A0%80',
  '/resources/shops/%00',
  `/resources/shops/${'x'.repeat(500)}`,
]

/** Strange queries of pages that exist: read leniently, the page itself answers. */
const STRANGE_QUERIES = [
  '/search?q=%00',
  '/en/search?q=a%00b',
  '/search/a%00b',
  '/resources/shops?country=%00&sort=%ff',
  // Page 1 of a listing with nothing in it is still the listing.
  '/en/resources/shops?country=ZZ',
]

/** A list's page past its last, however large its number, is the 404 page (issue 42). */
const PAST_THE_LAST = [
  '/resources/shops?page=99999999999999999999&country=%00',
  '/en/resources/shops?page=999',
  '/en/resources/marketplaces/bazaar-one?page=1e308&sort=%ff',
  '/news?page=99999999999999999999',
  '/en/posts?page=2147483648',
  '/en/search?q=a%00b&page=1e300',
  '/search/bazaar?page=2',
]

// Sent as written through the API client: a browser would re-encode some of them.
test.describe('malformed page addresses', () => {
  for (const path of NO_PAGE) {
    test(`should answer ${path.slice(0, 60)} with the 404 page`, async ({ request }) => {
      const response = await request.get(path)
      expect([response.status(), response.headers()['content-type']]).toEqual([
        404,
        expect.stringContaining('text/html'),
      ])
    })
  }

  for (const path of PAST_THE_LAST) {
    test(`should answer ${path} with the 404 page`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
    })
  }

  for (const path of STRANGE_QUERIES) {
    test(`should answer ${path} with the page`, async ({ request }) => {
      const response = await request.get(path)
      expect(response.status()).toBe(200)
    })
  }
})
