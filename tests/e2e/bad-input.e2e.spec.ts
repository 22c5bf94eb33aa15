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
  '/en/search?q=a%00b&page=1e300',
  '/search/a%00b',
  '/resources/shops?page=99999999999999999999&country=%00',
  '/en/resources/marketplaces/bazaar-one?page=1e308&sort=%ff',
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

  for (const path of STRANGE_QUERIES) {
    test(`should answer ${path} with the page`, async ({ request }) => {
      const response = await request.get(path)
      expect(response.status()).toBe(200)
    })
  }
})
