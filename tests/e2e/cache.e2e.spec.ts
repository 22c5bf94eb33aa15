import { type APIRequestContext, expect } from '@playwright/test'

import {
  cacheAfresh,
  cacheStateOf,
  createAccount,
  createResource,
  postAs,
  test,
  tokenOf,
  unique,
} from './support'

/**
 * A review expires only what shows it (src/server/cacheTags.ts): the reviewed resource's page, its
 * type's listings and the home page; a new one is refreshed in the background, a hidden one at once
 * (src/server/publicCache.ts, `refresh`). Under `next start` a page served from Next's full-route cache
 * answers `x-nextjs-cache: HIT` (MISS when rendered, STALE past its 60 s), so the header tells
 * which pages a write left in the cache. The resources are the test's own: no other file's review
 * expires their pages, and each page checked was cached within the test (`cacheAfresh`), so its
 * 60 s cannot run out before the check either.
 */
const LISTING_OF_OTHER_TYPE = '/en/resources/forums'

/** Reviews the resource as a new member, as the review form does (`POST /api/add-reviews`). */
const addReview = async (request: APIRequestContext, resourceId: number) => {
  const account = await createAccount(request)
  await postAs(request, await tokenOf(request, account.login, account.password), '/add-reviews', {
    resource_id: resourceId,
    grade: 5,
    comment: 'Arrived the next day, well packed.',
  })
}

test.describe('the page cache under reviews', () => {
  test("should keep other resources' pages and other types' listings cached when a review is added", async ({
    request,
  }) => {
    const reviewed = await createResource(request)
    const otherOfSameType = await createResource(request)
    // A forum of its own expires the forums' listing, which is then cached anew by this test.
    await createResource(request, { type: 'forum' })
    await cacheAfresh(request, otherOfSameType.path)
    await cacheAfresh(request, LISTING_OF_OTHER_TYPE)
    await addReview(request, reviewed.id)
    expect(await cacheStateOf(request, otherOfSameType.path)).toBe('HIT')
    expect(await cacheStateOf(request, LISTING_OF_OTHER_TYPE)).toBe('HIT')
  })

  test("should serve the reviewed resource's page once as it was, then with the review, no visit waiting", async ({
    page,
    request,
  }) => {
    const reviewed = await createResource(request)
    await cacheAfresh(request, reviewed.path)
    await page.goto(reviewed.path)
    await expect(page.getByRole('heading', { name: 'Reviews (0)' })).toBeVisible()
    await addReview(request, reviewed.id)
    // The next visit is served the page as it was (STALE), while one render refreshes it.
    const first = await page.goto(reviewed.path)
    expect(first?.headers()['x-nextjs-cache']).toBe('STALE')
    await expect(page.getByRole('heading', { name: 'Reviews (0)' })).toBeVisible()
    // Then the rendered page, from the cache: no visit rendered it.
    await expect
      .poll(async () => {
        const response = await request.get(reviewed.path)
        return [
          response.headers()['x-nextjs-cache'],
          (await response.text()).includes('Reviews (1)'),
        ]
      })
      .toEqual(['HIT', true])
  })

  test('should not show a hidden review again: its page waits for a render', async ({
    request,
  }) => {
    const reviewed = await createResource(request)
    const author = await createAccount(request)
    const token = await tokenOf(request, author.login, author.password)
    const { review } = await postAs(request, token, '/add-reviews', {
      resource_id: reviewed.id,
      grade: 1,
      comment: 'A review the moderators will hide.',
    })
    await cacheAfresh(request, reviewed.path)
    expect(await (await request.get(reviewed.path)).text()).toContain('Reviews (1)')
    await postAs(request, await tokenOf(request, 'admin'), '/moderate-review', {
      review_id: review.id,
      action: 'hide',
      reason: 'Insults.',
    })
    const next = await request.get(reviewed.path)
    expect(next.headers()['x-nextjs-cache']).not.toBe('STALE')
    expect(await next.text()).toContain('Reviews (0)')
  })
})

test.describe('the search pages', () => {
  test('should serve every writing of one query from one cached view, and find a new resource at the next visit', async ({
    request,
  }) => {
    const word = `zephyr${unique()}`
    const shown = `/en/search?q=${word}`
    await cacheAfresh(request, shown)
    expect(await (await request.get(shown)).text()).toContain('Nothing matches this query')
    // The same query as typed otherwise is the same view, already cached.
    expect(
      await cacheStateOf(request, `/en/search?q=++${word.toUpperCase()}!&utm_source=mail`),
    ).toBe('HIT')

    const created = await createResource(request, { title: `Zephyr Goods ${word}` })
    const next = await request.get(shown)
    expect(next.headers()['x-nextjs-cache']).not.toBe('STALE')
    expect(await next.text()).toContain(created.title)
  })
})
