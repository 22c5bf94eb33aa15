import { type APIRequestContext, expect } from '@playwright/test'

import {
  type Account,
  createAccount,
  createResource,
  postAs,
  signIn,
  test,
  tokenOf,
} from './support'

/**
 * Reviewer profiles (issue 47): a review's author links to `/reviewers/{login}`, which lists their
 * published reviews a page at a time; a member who keeps it private is linked nowhere and their
 * profile answers 404. Every account and resource is the test's own.
 */

/** Reviews a new resource of the test's own as `account`, through the review form's call. */
const reviewAs = async (request: APIRequestContext, account: Account, title: string) => {
  const resource = await createResource(request)
  await postAs(request, await tokenOf(request, account.login, account.password), '/add-reviews', {
    resource_id: resource.id,
    grade: 4,
    title,
    comment: 'Paid by card, the order came in two days.',
  })
  return resource
}

test.describe('reviewer profiles', () => {
  test("should lead a visitor from a review's author to their profile, in English and Russian", async ({
    page,
    request,
  }) => {
    const author = await createAccount(request)
    const resource = await reviewAs(request, author, 'Quick and honest')

    await page.goto(resource.path)
    await page.getByRole('link', { name: author.displayName }).click()
    await expect(page).toHaveURL(new RegExp(`/en/reviewers/${author.login}$`))
    await expect(page.getByRole('heading', { level: 1, name: author.displayName })).toBeVisible()
    const stats = page.getByRole('list', { name: 'The reviewer in numbers' })
    await expect(stats).toContainText('1 review')
    await expect(stats).toContainText('0 helpful votes')
    await expect(page.getByRole('heading', { name: 'Quick and honest' })).toBeVisible()
    await expect(page.getByRole('link', { name: resource.title })).toHaveAttribute(
      'href',
      resource.path,
    )

    await page.goto(resource.path.replace(/^\/en\//, '/ru/'))
    await page.getByRole('link', { name: author.displayName }).click()
    // Russian is the default language: its addresses have no prefix.
    await expect(page).toHaveURL(new RegExp(`:\\d+/reviewers/${author.login}$`))
    await expect(page.getByRole('list', { name: 'Статистика рецензента' })).toContainText('1 отзыв')
    await expect(page).toHaveTitle(new RegExp(`^${author.displayName} — отзывы`))
  })

  test('should unlink a private profile from the resource page and answer 404 for it', async ({
    page,
    request,
  }) => {
    const author = await createAccount(request)
    const resource = await reviewAs(request, author, 'Would buy again')
    await page.goto(resource.path)
    await expect(page.getByRole('link', { name: author.displayName })).toBeVisible()

    await signIn({ page, account: author })
    await page.goto('/en/my-settings')
    const profile = page.getByRole('region', { name: 'Reviewer profile' })
    await expect(profile.getByRole('link', { name: `/reviewers/${author.login}` })).toBeVisible()
    await profile.getByLabel('Keep my reviewer profile private').check()
    await profile.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Your profile setting is saved.')).toBeVisible()
    await expect(profile.getByText('Your profile is private.')).toBeVisible()

    const guest = await page.context().browser()!.newPage()
    await guest.goto(resource.path)
    const card = guest.getByRole('article', { name: `Review by ${author.displayName}` })
    await expect(card.getByText(author.displayName, { exact: true })).toBeVisible()
    await expect(card.getByRole('link', { name: author.displayName })).toHaveCount(0)
    expect((await guest.goto(`/en/reviewers/${author.login}`))?.status()).toBe(404)
    await expect(guest.getByRole('heading', { name: 'Would buy again' })).toHaveCount(0)

    await page.reload()
    await profile.getByLabel('Keep my reviewer profile private').uncheck()
    await profile.getByRole('button', { name: 'Save' }).click()
    await expect(profile.getByRole('link', { name: `/reviewers/${author.login}` })).toBeVisible()
    await guest.goto(resource.path)
    await expect(card.getByRole('link', { name: author.displayName })).toBeVisible()
    await guest.close()
  })

  test('should page through a reviewer with more reviews than a page holds, newest first', async ({
    page,
    request,
  }) => {
    const author = await createAccount(request)
    const { user_id: authorId } = (await (
      await request.post('/api/login', { data: { login: author.login, password: author.password } })
    ).json()) as { user_id: number }
    await request.post('/api/users/logout')
    const admin = await tokenOf(request, 'admin')
    // The admin writes them (the review guard weighs a member's own, five a day), oldest first.
    const titles: string[] = []
    for (let n = 1; n <= 12; n += 1) {
      const resource = await createResource(request)
      titles.push(`Review number ${n}`)
      const created = await request.post('/api/reviews', {
        headers: { Authorization: `JWT ${admin}` },
        data: {
          resource: resource.id,
          author: authorId,
          grade: 5,
          title: `Review number ${n}`,
          comment: 'Fine.',
          status: 'published',
        },
      })
      expect(created.status(), await created.text()).toBe(201)
    }
    await page.goto(`/en/reviewers/${author.login}`)
    await expect(page.getByRole('list', { name: 'The reviewer in numbers' })).toContainText(
      '12 reviews',
    )
    const reviews = page.locator('.review-list > li')
    await expect(reviews).toHaveCount(10)
    await expect(reviews.first()).toContainText('Review number 12')
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Page 2' })
      .click()
    await expect(page).toHaveURL(new RegExp(`/en/reviewers/${author.login}\\?page=2$`))
    await expect(reviews).toHaveCount(2)
    await expect(reviews.first()).toContainText('Review number 2')
    await expect(reviews.last()).toContainText('Review number 1')
    expect((await page.goto(`/en/reviewers/${author.login}?page=3`))?.status()).toBe(404)
  })

  test('should lead a login typed in capitals to the profile under its own address', async ({
    page,
    request,
  }) => {
    const author = await createAccount(request)
    await reviewAs(request, author, 'Capital letters')
    await page.goto(`/en/reviewers/${author.login.toUpperCase()}?page=1`)
    await expect(page).toHaveURL(new RegExp(`/en/reviewers/${author.login}$`))
    await expect(page.getByRole('heading', { name: 'Capital letters' })).toBeVisible()
  })

  test('should answer 404, never an error, for an address no login could have', async ({
    request,
  }) => {
    for (const login of ['%00', 'a'.repeat(3000), '%E0%A4%A', 'nobody-has-this-login', '..%2F']) {
      const response = await request.get(`/en/reviewers/${login}`)
      expect(response.status(), login).toBe(404)
    }
  })
})
