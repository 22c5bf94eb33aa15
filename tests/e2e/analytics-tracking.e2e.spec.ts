import { type Page, expect } from '@playwright/test'

import { newBrowserContext, signInThroughApi, test } from './support'

/** Garden Talk belongs to the demo `owner`. */
const GARDEN_TALK = '/en/resources/forums/garden-talk'

const figureOf = async (page: Page, id: string) =>
  Number(
    (await page.locator(`[data-figure="${id}"] .analytics-figure-value`).innerText()).replace(
      /\D/g,
      '',
    ),
  )

test.describe('analytics: what visitors do reaches the owner', () => {
  test('a guest’s view and click on "Visit website" show on the owner’s page after the flush', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInThroughApi({ page, login: 'owner' })
    await page.goto('/en/analitycs?range=7d')
    await page
      .getByRole('region', { name: 'Resources' })
      .getByRole('link', { name: 'Garden Talk' })
      .click()
    await expect(page).toHaveURL(/range=7d&resource=\d+$/)
    // The owner looking at their own page counts for nothing.
    await page.goto(GARDEN_TALK)
    await expect(page.getByRole('heading', { level: 1, name: /Garden Talk/ })).toBeVisible()
    await page.goBack()
    // Whatever earlier journeys on this server counted has been flushed (every second here).
    await page.waitForTimeout(1500)
    await page.reload()
    await expect(page.locator('[data-figure="views"] .analytics-figure-value')).toBeVisible()
    const before = { views: await figureOf(page, 'views'), clicks: await figureOf(page, 'clicks') }

    const visitorContext = await newBrowserContext(browser, { baseURL })
    // The resource's own site is not on this machine's network: the new tab is answered here.
    await visitorContext.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Garden Talk</title>' }),
    )
    const visitor = await visitorContext.newPage()
    const reported = visitor.waitForRequest(
      (request) => request.url().endsWith('/api/track') && request.method() === 'POST',
    )
    await visitor.goto(GARDEN_TALK)
    expect((await reported).postDataJSON()).toMatchObject({ event: 'view' })
    const clicked = visitor.waitForResponse(
      (response) =>
        response.url().endsWith('/api/track') &&
        /"click"/.test(response.request().postData() ?? ''),
    )
    const popup = visitor.waitForEvent('popup')
    await visitor.getByRole('link', { name: /Visit website/ }).click()
    await popup
    // Answered before the visitor's browser closes: closing it at once could cut the report off
    // before the server had read it (a busy machine lost the click so, now and then).
    const answer = await clicked
    expect(answer.request().postDataJSON()).toMatchObject({ event: 'click', link: 'site' })
    expect(answer.status()).toBe(204)
    await visitorContext.close()

    await expect
      .poll(
        async () => {
          await page.reload()
          await expect(page.locator('[data-figure="views"] .analytics-figure-value')).toBeVisible()
          return { views: await figureOf(page, 'views'), clicks: await figureOf(page, 'clicks') }
        },
        { timeout: 10_000 },
      )
      .toEqual({ views: before.views + 1, clicks: before.clicks + 1 })
  })
})
