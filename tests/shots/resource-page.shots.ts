import { createAccount, createResource, shoot, startSignedIn, test } from '../e2e/support'

/**
 * A resource's page as a visitor sees it, on the seed's bazaar-one: its addresses with their
 * link checks (the site online, the mirror down since yesterday) and the marks of its signed
 * mirror list (the site signed, the mirror not).
 */
const BAZAAR = '/resources/marketplaces/bazaar-one'

test.describe('the resource page', () => {
  test('the whole page', async ({ page }) => {
    await shoot(page, 'bazaar-one-en', () => page.goto(`/en${BAZAAR}`))
    await shoot(page, 'bazaar-one-ru', () => page.goto(BAZAAR))
  })

  test('the addresses, their checks and marks', async ({ page }) => {
    const addresses = page.locator('.resource-links')
    for (const locale of ['ru', 'en']) {
      await shoot(page, `addresses-${locale}`, () => page.goto(`/${locale}${BAZAAR}`), {
        part: addresses,
      })
    }
  })

  test("the author's review, drawn at once", async ({ page, request }) => {
    for (const locale of ['en', 'ru'] as const) {
      const words =
        locale === 'en'
          ? {
              grade: '4 out of 5',
              comment: 'Review',
              send: 'Publish the review',
              yours: 'Your review',
            }
          : { grade: '4 из 5', comment: 'Отзыв', send: 'Опубликовать отзыв', yours: 'Ваш отзыв' }
      await shoot(
        page,
        `own-review-${locale}`,
        async () => {
          const account = await createAccount(request)
          const forum = await createResource(request, { type: 'forum' })
          await page.context().clearCookies()
          await startSignedIn({ page, login: account.login, password: account.password })
          await page.goto(locale === 'en' ? forum.path : forum.path.replace(/^\/en/, ''))
          const form = page.locator('form.review-form')
          await form.getByLabel(words.grade).first().check()
          await form.getByLabel('Title').or(form.getByLabel('Заголовок')).fill('Cosy and quick')
          await form.getByLabel(words.comment, { exact: true }).fill('Found a rare book in a day.')
          await form.getByRole('button', { name: words.send }).click()
          await page.getByRole('article', { name: words.yours }).waitFor()
        },
        { part: page.locator('#write-review') },
      )
    }
  })
})
