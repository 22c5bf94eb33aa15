import { type APIRequestContext, expect } from '@playwright/test'

import { createAccount, test } from './support'

/**
 * A review expires only what shows it (src/server/cacheTags.ts): the reviewed resource's page, its
 * type's listings and the home page. Under `next start` a page served from Next's full-route cache
 * answers `x-nextjs-cache: HIT` (MISS when rendered, STALE past its 60 s), so the header tells
 * which pages a write left in the cache. Both seeded resources are published shops: same type.
 */
const REVIEWED = '/en/resources/shops/gadget-corner'
const OTHER_OF_SAME_TYPE = '/en/resources/shops/spice-shop'
const LISTING_OF_OTHER_TYPE = '/en/resources/forums'

const cacheStateOf = async (request: APIRequestContext, path: string) =>
  (await request.get(path)).headers()['x-nextjs-cache']

/** Visits a page until the full-route cache serves it (its first visit renders it). */
const warm = (request: APIRequestContext, path: string) =>
  expect.poll(() => cacheStateOf(request, path)).toBe('HIT')

/**
 * A new member, signed in through the site's API. Its calls carry the token: Payload takes the
 * session cookie only with the Origin or Sec-Fetch-Site header a browser sends.
 */
const newMemberToken = async (request: APIRequestContext) => {
  const account = await createAccount(request)
  const signedIn = await request.post('/api/login', {
    data: { login: account.login, password: account.password },
  })
  return ((await signedIn.json()) as { user: { token: string } }).user.token
}

const resourceIdOf = async (request: APIRequestContext, path: string) => {
  const slug = path.split('/').pop()
  const found = await request.get(`/api/resources?where[slug][equals]=${slug}&depth=0`)
  return ((await found.json()) as { docs: { id: number }[] }).docs[0].id
}

/** Reviews the resource as the review form does (`POST /api/add-reviews`). */
const addReview = async ({
  request,
  token,
  resourceId,
}: {
  request: APIRequestContext
  token: string
  resourceId: number
}) => {
  const added = await request.post('/api/add-reviews', {
    headers: { Authorization: `JWT ${token}` },
    data: { resource_id: resourceId, grade: 5, comment: 'Arrived the next day, well packed.' },
  })
  expect(added.status()).toBe(200)
}

// Each test signs in and finds the resource first, so that little time passes between warming
// the cache and the checks: a page cached 60 s ago turns STALE.
test.describe('the page cache under reviews', () => {
  test("should keep other resources' pages and other types' listings cached when a review is added", async ({
    request,
  }) => {
    const token = await newMemberToken(request)
    const resourceId = await resourceIdOf(request, REVIEWED)
    await warm(request, OTHER_OF_SAME_TYPE)
    await warm(request, LISTING_OF_OTHER_TYPE)
    await addReview({ request, token, resourceId })
    expect(await cacheStateOf(request, OTHER_OF_SAME_TYPE)).toBe('HIT')
    expect(await cacheStateOf(request, LISTING_OF_OTHER_TYPE)).toBe('HIT')
  })

  test("should show the new review on the reviewed resource's page at once", async ({
    page,
    request,
  }) => {
    const token = await newMemberToken(request)
    const resourceId = await resourceIdOf(request, REVIEWED)
    await warm(request, REVIEWED)
    await page.goto(REVIEWED)
    const heading = page.getByRole('heading', { name: /^Reviews \(\d+\)$/ })
    const before = Number((await heading.textContent())?.match(/\d+/)?.[0])
    await addReview({ request, token, resourceId })
    const response = await page.goto(REVIEWED)
    expect(response?.headers()['x-nextjs-cache']).not.toBe('HIT')
    await expect(page.getByRole('heading', { name: `Reviews (${before + 1})` })).toBeVisible()
  })
})
