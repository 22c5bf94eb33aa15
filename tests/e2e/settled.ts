import { type BrowserContext, type Page, type Request, expect } from '@playwright/test'

/**
 * When a page has settled: what a journey waits for before it measures or scans a whole page
 * (axe, its width, the policy violations of its lazy parts).
 *
 * Playwright's `networkidle` would be the same wait (no request in flight for half a second), but
 * Next prefetches the pages a page links to, and Chromium does not always report a prefetch that
 * the router took from its own cache as finished: such a page never becomes idle, and a journey
 * waited out its whole timeout, or went on after a `.catch` without knowing whether the page had
 * settled. Here the prefetches of other pages and open event streams (the chat's) are left out.
 */
type Tracked = { inFlight: Set<Request>; quietSince: number }

const trackers = new WeakMap<BrowserContext, Tracked>()

/** Next's router fetching another page ahead of a click, or a stream that stays open. */
const isLeftOut = (request: Request) =>
  request.resourceType() === 'eventsource' ||
  (request.url().includes('_rsc=') && request.headers()['next-router-prefetch'] === '1')

/** Follows a browser context's requests from now on; once per context. */
export const trackRequests = (context: BrowserContext) => {
  const known = trackers.get(context)
  if (known) return known
  const tracked: Tracked = { inFlight: new Set(), quietSince: Date.now() }
  const finished = (request: Request) => {
    if (tracked.inFlight.delete(request) && tracked.inFlight.size === 0) {
      tracked.quietSince = Date.now()
    }
  }
  context.on('request', (request) => {
    if (!isLeftOut(request)) tracked.inFlight.add(request)
  })
  context.on('requestfinished', finished)
  context.on('requestfailed', finished)
  trackers.set(context, tracked)
  return tracked
}

const QUIET_MS = 500

/**
 * Waits until `page` has loaded, the viewer's account menu has come (its fetch starts with the
 * page's scripts), and none of the page's own requests (lists that load in the browser, lazy
 * parts) has been in flight for half a second.
 */
export const settled = async (page: Page, { timeout = 15_000 } = {}) => {
  const tracked = trackRequests(page.context())
  await page.waitForLoadState('load', { timeout })
  await expect(page.locator('.account-pending')).toHaveCount(0, { timeout })
  await expect
    .poll(() => tracked.inFlight.size === 0 && Date.now() - tracked.quietSince >= QUIET_MS, {
      message: `no request in flight on ${page.url()}`,
      timeout,
      intervals: [100],
    })
    .toBe(true)
}
