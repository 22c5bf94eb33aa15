import { readFile } from 'node:fs/promises'

import { type Page, expect } from '@playwright/test'

import { seriousViolations, signInThroughApi, test } from './support'

/**
 * /analitycs as its readers see it: the owner's figures against the previous period, the period
 * in the address, one resource alone, the CSV downloads; the admin's site view; members and
 * editors turned away with 403 (not 404); no serious axe violation in either theme, and no
 * sideways scrolling on a phone. (What a visitor's views and clicks add is the backend's journey.)
 */

const figure = (page: Page, id: string) =>
  page.locator(`[data-figure="${id}"] .analytics-figure-value`)

const periodLine = (page: Page) => page.locator('.analytics-period').first()

/** The owner's page once the figures came. */
const openAsOwner = async (page: Page, path = '/en/analitycs') => {
  await signInThroughApi({ page, login: 'owner' })
  await page.goto(path)
  await expect(figure(page, 'reviews')).toBeVisible()
}

test.describe('analytics', () => {
  test('should show the owner their figures, and follow the period and the resource in the address', async ({
    page,
  }) => {
    await openAsOwner(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
    // The demo's shop had a review 27 days ago: the 30 days have one, each figure has its change.
    await expect(figure(page, 'reviews')).toHaveText(/^[1-9]/)
    await expect(page.locator('[data-figure="views"] .analytics-change')).toContainText(
      /vs the previous 30 days/,
    )
    const table = page.getByRole('region', { name: 'Resources' })
    await expect(table.getByRole('row')).not.toHaveCount(0)
    // The period ends today, which is not over: the charts leave it out and say its figures so
    // far, and their tables mark its row.
    const traffic = page.locator('.analytics-chart-card', { hasText: 'Views, visitors and clicks' })
    await expect(
      traffic.getByText(/^Today so far \(not drawn, the day is not over\): /),
    ).toBeVisible()
    await traffic.getByText('Show as table').click()
    await expect(traffic.getByRole('rowheader').last()).toHaveText(/\(so far\)$/)

    // Seven days: the address says so, the period is another.
    const thirtyDays = await periodLine(page).innerText()
    await page.getByRole('link', { name: '7 days' }).click()
    await expect(page).toHaveURL(/\/en\/analitycs\?range=7d$/)
    await expect(periodLine(page)).not.toHaveText(thirtyDays)
    await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'true')

    // A month long ago, when nothing was counted: the figures are zeros.
    await page.getByRole('button', { name: 'Custom' }).click()
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2025-01-01')
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2025-01-31')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page).toHaveURL(/range=custom&from=2025-01-01&to=2025-01-31$/)
    await expect(periodLine(page)).toContainText(/January 1\s?–\s?31, 2025/)
    await expect(figure(page, 'reviews')).toHaveText('0')
    await expect(page.getByText('Nothing counted in this period yet')).toBeVisible()
    // Reload and back keep the period.
    await page.reload()
    await expect(figure(page, 'reviews')).toHaveText('0')
    await page.goBack()
    await expect(page).toHaveURL(/range=7d$/)
    await expect(figure(page, 'views')).not.toHaveText('0')

    // One resource alone, and back to all.
    const first = table.getByRole('rowheader').first().getByRole('link')
    const title = await first.innerText()
    await first.click()
    await expect(page).toHaveURL(/range=7d&resource=\d+$/)
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Resources' })).toHaveCount(0)
    await page.getByRole('link', { name: '← All resources' }).click()
    await expect(page).toHaveURL(/\/en\/analitycs\?range=7d$/)
    await expect(page.getByRole('region', { name: 'Resources' })).toBeVisible()
  })

  test('should download the table and the daily series as CSV files', async ({ page }) => {
    await openAsOwner(page)
    for (const [name, file, header] of [
      [
        'Table as CSV',
        /^analytics-resources-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
        'resource_id,title,type,url,views',
      ],
      [
        'Days as CSV',
        /^analytics-days-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
        'day,views,visitors,site_clicks',
      ],
    ] as const) {
      const downloading = page.waitForEvent('download')
      await page.getByRole('link', { name }).click()
      const download = await downloading
      expect(download.suggestedFilename()).toMatch(file)
      const text = await readFile((await download.path())!, 'utf8')
      const [firstLine] = text.replace(/^\uFEFF/, '').split('\r\n')
      expect(firstLine.startsWith(header), firstLine).toBe(true)
    }
  })

  test('should open the whole site for an admin, with its own CSV', async ({ page }) => {
    await signInThroughApi({ page, login: 'admin' })
    await page.goto('/en/analytics')
    await expect(page).toHaveURL(/\/en\/analitycs$/)
    const views = page.getByRole('navigation', { name: 'What to show' })
    await expect(views.getByRole('link', { name: 'Site' })).toHaveAttribute('aria-current', 'page')
    await expect(figure(page, 'registrations')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Most viewed' })).toBeVisible()
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Site days as CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^analytics-site-.*\.csv$/)
    // The resources' view is the owners' one, over every resource.
    await views.getByRole('link', { name: 'Resources' }).click()
    await expect(page).toHaveURL(/view=resources/)
    await expect(page.getByRole('region', { name: 'Resources' }).getByRole('row')).not.toHaveCount(
      0,
    )
  })

  test('should turn members and editors away with 403, not 404', async ({ page }) => {
    for (const login of ['user', 'editor']) {
      await signInThroughApi({ page, login })
      const answer = await page.goto('/en/analitycs')
      expect(answer?.status(), login).toBe(403)
      await expect(page.getByRole('heading', { name: 'Not for your account' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Go to my profile' })).toBeVisible()
      const russian = await page.goto('/analitycs')
      expect(russian?.status(), login).toBe(403)
      await expect(
        page.getByRole('heading', { name: 'Недоступно для вашего аккаунта' }),
      ).toBeVisible()
      await page.context().clearCookies()
    }
  })

  // A test per page and theme: a scan of the charts and their tables takes seconds of its own.
  for (const theme of ['light', 'dark'] as const) {
    test(`should have no serious axe violation on the owner's page in the ${theme} theme`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: theme })
      await openAsOwner(page)
      // The tables under the charts too.
      for (const summary of await page.getByText('Show as table').all()) await summary.click()
      expect(await seriousViolations(page)).toEqual([])
    })

    test(`should have no serious axe violation on the admin's page in the ${theme} theme`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: theme })
      await signInThroughApi({ page, login: 'admin' })
      await page.goto('/en/analitycs')
      await expect(figure(page, 'registrations')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  test('should not scroll sideways on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    for (const login of ['owner', 'admin']) {
      await signInThroughApi({ page, login })
      for (const path of ['/en/analitycs', '/analitycs?view=resources']) {
        await page.goto(path)
        await expect(page.locator('.analytics-figure-value').first()).toBeVisible()
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow, `${login} ${path}`).toBeLessThanOrEqual(0)
      }
      await page.context().clearCookies()
    }
  })
})
