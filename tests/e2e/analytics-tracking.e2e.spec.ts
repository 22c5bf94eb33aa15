import { type Page, expect } from '@playwright/test'

import { createOwner, newBrowserContext, signInThroughApi, test } from './support'

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
    request,
  }) => {
    // An owner and a forum of this test's own: no other journey views it or clicks its site, so
    // its figures start at nothing and count only what this test does.
    const { account, resource: forum } = await createOwner(request, { type: 'forum' })
    await signInThroughApi({ page, login: account.login, password: account.password })
    await page.goto('/en/analitycs?range=7d')
    await page
      .getByRole('region', { name: 'Resources' })
      .getByRole('link', { name: forum.title })
      .click()
    await expect(page).toHaveURL(/range=7d&resource=\d+$/)
    await expect(page.locator('[data-figure="views"] .analytics-figure-value')).toBeVisible()
    const figures = async () => ({
      views: await figureOf(page, 'views'),
      clicks: await figureOf(page, 'clicks'),
    })
    expect(await figures()).toEqual({ views: 0, clicks: 0 })
    // The owner looking at their own page counts for nothing: counted, it would be flushed before
    // the guest's view and click, and the figures would go from no view to two, never showing one
    // view with the click.
    await page.goto(forum.path)
    await expect(page.getByRole('heading', { level: 1, name: forum.title })).toBeVisible()
    await page.goBack()

    const visitorContext = await newBrowserContext(browser, { baseURL })
    // The resource's own site is not on this machine's network: the new tab is answered here.
    await visitorContext.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<title>${forum.title}</title>`,
      }),
    )
    const visitor = await visitorContext.newPage()
    const reported = visitor.waitForRequest(
      (request) => request.url().endsWith('/api/track') && request.method() === 'POST',
    )
    await visitor.goto(forum.path)
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
          return figures()
        },
        { timeout: 10_000 },
      )
      .toEqual({ views: 1, clicks: 1 })
  })
})
