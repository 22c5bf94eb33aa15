import { expect } from '@playwright/test'

import {
  createAccount,
  createResource,
  seriousViolations,
  startSignedIn,
  test,
  unique,
} from './support'

/**
 * The demo marketplaces are read as seeded (three, one in Russia, one verified; Bazaar One's two
 * reviews): no journey publishes a marketplace or reviews one, so their counts hold whichever
 * files ran before on this server. A journey that reviews or adds works on a resource of its own.
 */

test.describe('browsing the directory', () => {
  test('should browse a type, filter, sort and page by real URLs, then open a resource', async ({
    page,
  }) => {
    await page.goto('/en')
    await page.getByRole('banner').getByRole('link', { name: 'Marketplaces' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marketplaces')
    await expect(page.getByText('3 resources found')).toBeVisible()

    await page.getByLabel('Country').selectOption({ label: 'Russia' })
    await expect(page).toHaveURL(/country=RU/)
    await expect(page.getByText('1 resource found')).toBeVisible()

    await page.goto('/en/resources/marketplaces?sort=name')
    const titles = page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('link')
    await expect(titles).toHaveText(['Bazaar One', 'Silk Market', 'TradeHub'])
    await page.getByLabel('Verified only').check()
    await expect(titles).toHaveText(['Bazaar One'])

    await page.getByRole('link', { name: 'Bazaar One' }).click()
    await expect(page).toHaveURL(/\/en\/resources\/marketplaces\/bazaar-one$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bazaar One')
    await expect(
      page.getByRole('link', { name: 'https://bazaar-one.example.com' }),
    ).toHaveAttribute('rel', /noopener/)
    await expect(page.getByRole('heading', { name: 'Reviews (2)' })).toBeVisible()
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    )
    expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 })
  })

  test('should show “No rating yet” for a resource without reviews and keep it out of the best rated', async ({
    page,
  }) => {
    await page.goto('/en/resources/marketplaces/silk-market')
    const summary = page.getByRole('region', { name: 'Rating' })
    await expect(summary.getByText('No rating yet')).toBeVisible()
    await expect(summary.getByText('0.0')).toHaveCount(0)
    await expect(summary.getByRole('img', { name: /Rated/ })).toHaveCount(0)

    await page.goto('/en')
    const best = page.getByRole('region', { name: 'Marketplaces' })
    await expect(best.getByRole('link', { name: 'Bazaar One' })).toBeVisible()
    await expect(best.getByRole('link', { name: 'Silk Market' })).toHaveCount(0)

    await page.goto('/en/resources/marketplaces?sort=name')
    const card = page.getByRole('listitem').filter({ hasText: 'Silk Market' })
    await expect(card.getByText('No rating yet')).toBeVisible()
  })

  test('should answer 404 for a resource under another type’s prefix', async ({ page }) => {
    const response = await page.goto('/en/resources/shops/bazaar-one')
    expect(response?.status()).toBe(404)
  })

  test('should find a resource by search with a typo and mark the match', async ({ page }) => {
    await page.goto('/en')
    await page.getByRole('banner').getByLabel('Search').fill('Bazar')
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/en\/search\?q=Bazar$/)
    await expect(page.getByRole('link', { name: 'Bazaar One' })).toBeVisible()

    await page.goto('/search/%D1%81%D0%BF%D0%B5%D1%86%D0%B8%D0%B8')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поиск: специи')
    await expect(page.getByRole('link', { name: 'Лавка пряностей' })).toBeVisible()
    await expect(page.locator('mark').first()).toHaveText(/специ/i)
  })
})

test.describe('reviewing', () => {
  test('should review a resource, see its rating change, and keep it in favorites', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    // An exchanger of this test's own: nobody else reviews it, so it starts unrated.
    const exchanger = await createResource(request, { type: 'exchanger' })
    await page.goto(exchanger.path)
    await expect(page.getByText('No rating yet').first()).toBeVisible()
    await page.getByRole('link', { name: 'Sign in to write a review' }).click()
    await page.getByLabel('Login or email').fill(account.login)
    await page.getByLabel('Password').fill(account.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(new RegExp(`${exchanger.path}$`))

    const form = page.getByRole('form', { name: 'Write a review' })
    await form.getByRole('group', { name: 'Overall grade' }).getByLabel('4 out of 5').check()
    await form.getByLabel('Review').fill('Quick exchange. <b>Not bold</b>')
    await form.getByText('Rate in more detail (optional)').click()
    await form.getByRole('group', { name: 'Speed' }).getByLabel('5 out of 5').check()
    await form.getByRole('button', { name: 'Publish the review' }).click()
    await expect(page.getByText('Thank you! Your review is published.')).toBeVisible()
    // The author's review is drawn at once; the page follows once rendered in the background.
    const own = page.getByRole('article', { name: 'Your review' })
    await expect(own.getByText('Quick exchange. <b>Not bold</b>')).toBeVisible()
    await expect(own.getByRole('img', { name: 'Graded 4 out of 5' })).toBeVisible()
    await expect(own.getByText('Speed: 5/5')).toBeVisible()

    await expect(async () => {
      await page.reload()
      await expect(page.getByRole('heading', { name: 'Reviews (1)' })).toBeVisible({
        timeout: 1000,
      })
    }).toPass()
    await expect(page.getByText('You have already reviewed this resource.')).toBeVisible()
    await expect(page.getByText('Quick exchange. <b>Not bold</b>')).toBeVisible()
    await expect(page.locator('.rating-big .rating-number')).toHaveText('4.0')

    await page.getByRole('button', { name: 'Add to favorites' }).click()
    await expect(page.getByRole('button', { name: 'In favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await page.goto('/en/favorites')
    await expect(page.getByRole('link', { name: exchanger.title })).toBeVisible()

    // The listing is the same page for everyone: the browser marks this visitor's favorites.
    // Newest first, the exchanger just made is on its first page.
    await page.goto('/en/resources/exchangers?sort=newest')
    await page.getByRole('button', { name: `Remove “${exchanger.title}” from favorites` }).click()
    const add = page.getByRole('button', { name: `Add “${exchanger.title}” to favorites` })
    // Reloaded once the change is stored, not while its call is still on the way.
    await expect(add).toHaveAttribute('aria-pressed', 'false')
    await page.reload()
    await expect(add).toHaveAttribute('aria-pressed', 'false')

    await page.goto('/en/reviews')
    await expect(page.getByText('Quick exchange. <b>Not bold</b>')).toBeVisible()
  })

  test('should add a resource and see it waiting for moderation', async ({ page, request }) => {
    const account = await createAccount(request)
    // Titles of its own: the listing is checked for this resource, not for a namesake.
    const id = unique()
    const title = `Aquarists ${id}`
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.goto('/en/add-resource')
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Forums' })
    await page.getByRole('tabpanel').getByLabel('Title').fill(`Аквариумисты ${id}`)
    await page.getByRole('tab', { name: 'English' }).click()
    await page.getByRole('tabpanel').getByLabel('Title').fill(title)
    await page.getByRole('tabpanel').getByLabel('Summary').fill('Fish keepers talk')
    await page.locator('#description_en').click()
    await page.keyboard.type('A friendly board about fish.')
    await page.getByLabel('Address 1').fill('https://aquarists.example.com')
    await page.getByLabel('Country').selectOption({ label: 'Estonia' })
    await page.getByRole('button', { name: 'Send for review' }).click()
    // Said where the eye is, after the click: what happened and what comes next.
    const outcome = page.getByRole('status').filter({ hasText: 'Sent for moderation.' })
    await expect(outcome).toContainText('you will get an email with the decision')
    await expect(page).toHaveURL(/\/en\/add-resource\?id=\d+$/)
    await expect(outcome).toBeInViewport()
    await expect(page.getByRole('link', { name: 'My resources' }).last()).toBeInViewport()

    await page.reload()
    await page.getByRole('tab', { name: 'English' }).click()
    await expect(page.getByRole('tabpanel').getByLabel('Title')).toHaveValue(title)
    await expect(page.locator('#description_en')).toHaveText('A friendly board about fish.')

    await page.goto('/en/resources/forums?sort=newest')
    await expect(page.getByRole('link', { name: title })).toHaveCount(0)
  })
})

// A listing, a resource page and search in English, in both themes: accessibility.e2e.spec.ts.
test.describe('accessibility of the directory', () => {
  test('should have no serious axe violation on a listing in Russian', async ({ page }) => {
    await page.goto('/resources/shops')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('should have no serious axe violation on the review form and add-resource page', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await page.emulateMedia({ colorScheme: 'dark' })
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.goto('/en/resources/forums/garden-talk')
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/en/add-resource')
    expect(await seriousViolations(page)).toEqual([])
  })
})
