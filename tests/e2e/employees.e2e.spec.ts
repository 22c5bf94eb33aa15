import { expect } from '@playwright/test'

import {
  addOwnResource,
  createAccount,
  createOwner,
  newAccount,
  newBrowserContext,
  seriousViolations,
  signInThroughApi,
  startSignedIn,
  test,
} from './support'

/**
 * Employees and user administration, as people do it: an owner brings in a Store Operator who
 * then works on the owner's shop and nothing else, and lets them go; an admin blocks a user,
 * whose page, open all along, is told so on its next action.
 */

test.describe('employees', () => {
  test('an owner adds a Store Operator, who edits the owner’s shop but not the forum', async ({
    page,
    browser,
    request,
  }) => {
    // An owner of this journey's own, with a shop and a forum: the demo owner's list (newest
    // first, a page at a time) grows with other files' shops, and the shop saved below would be
    // a demo one that other files search for.
    const { account: owner, token, resource: shop } = await createOwner(request)
    const forum = await addOwnResource(request, token, { type: 'forum' })
    const employee = newAccount()
    await startSignedIn({ page, login: owner.login, password: owner.password })
    await page.goto('/en/account')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My resources')
    await expect(page.getByRole('heading', { name: shop.title })).toBeVisible()
    await page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Employees' })
      .click()
    await page.getByRole('link', { name: 'Add an employee' }).first().click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New employee')

    // Both tabs hold required fields: an empty second tab is opened and pointed at.
    await page.getByLabel('Login').fill(employee.login)
    await page.getByLabel('Email').fill(employee.email)
    await page.getByLabel('Password', { exact: true }).fill(employee.password)
    await page.getByLabel('Repeat the password').fill(employee.password)
    await page.getByRole('button', { name: 'Add the employee' }).click()
    await expect(page.getByRole('tab', { name: 'Name and role' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await page.getByLabel('Display name').fill(employee.displayName)
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Store Operator' })
    await page.getByRole('button', { name: 'Add the employee' }).click()
    await expect(page.getByText(`${employee.displayName} is added.`)).toBeVisible()
    await expect(page).toHaveURL(/\/en\/account\/users$/)
    const row = page.getByRole('listitem').filter({ hasText: employee.displayName })
    await expect(row.getByText('Store Operator')).toBeVisible()

    // The employee, in a browser of their own.
    const context = await newBrowserContext(browser, { locale: 'en-US' })
    const staff = await context.newPage()
    await startSignedIn({ page: staff, login: employee.login, password: employee.password })
    await staff.goto('/en/account')
    await expect(staff.getByRole('heading', { name: shop.title })).toBeVisible()
    await expect(staff.getByRole('heading', { name: forum.title })).toHaveCount(0)
    await staff.goto(shop.path)
    await staff.getByRole('link', { name: 'Edit the resource' }).click()
    await expect(staff).toHaveURL(new RegExp(`/en/add-resource\\?id=${shop.id}$`))
    await staff.getByRole('button', { name: 'Save the changes' }).click()
    await expect(staff.getByText('Your changes are saved.')).toBeVisible()
    await staff.goto(forum.path)
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText(forum.title)
    await expect(staff.getByRole('link', { name: 'Edit the resource' })).toHaveCount(0)

    // Let go: the open page loses the shop at once.
    await row.getByRole('button', { name: `Remove employee ${employee.displayName}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
    await expect(
      page.getByText(`${employee.displayName} is no longer your employee.`),
    ).toBeVisible()
    await staff.goto(shop.path)
    await expect(staff.getByRole('heading', { level: 1 })).toContainText(shop.title)
    await expect(staff.getByRole('link', { name: 'Edit the resource' })).toHaveCount(0)
    await context.close()
  })

  // A test per screen, each in both themes: two axe runs each, well within a test's time.
  for (const path of ['/en/account', '/en/account/users', '/en/add-employer']) {
    test(`should have no serious axe violation on ${path} in both themes`, async ({ page }) => {
      await signInThroughApi({ page, login: 'owner' })
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        expect(await seriousViolations(page), scheme).toEqual([])
      }
    })
  }
})

test.describe('user administration', () => {
  test('an admin blocks a user, whose open page then gets “You are blocked.”', async ({
    page,
    browser,
  }) => {
    const member = await createAccount(page.request)
    const context = await newBrowserContext(browser, { locale: 'en-US' })
    const userPage = await context.newPage()
    await startSignedIn({ page: userPage, login: member.login, password: member.password })
    await userPage.goto('/en/send-ticket')
    await userPage.getByLabel('Subject').fill('Where is my order?')
    await userPage.getByLabel('Message').fill('I ordered a week ago and still wait.')

    await startSignedIn({ page, login: 'admin' })
    await page.goto('/en/users')
    await page.getByLabel('Find a user').fill(member.login)
    await page
      .getByRole('search', { name: 'Filters' })
      .getByRole('button', { name: 'Search' })
      .click()
    const row = page.getByRole('listitem').filter({ hasText: member.displayName })
    await expect(row).toHaveCount(1)
    await row.getByRole('button', { name: `Block ${member.displayName}`, exact: true }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading')).toHaveText(`Block ${member.displayName} on the site?`)
    await dialog.getByRole('button', { name: 'Block' }).click()
    await expect(dialog.getByText('Give the reason for the block.')).toBeVisible()
    await dialog.getByLabel('Reason').fill('Spam in reviews')
    await dialog.getByRole('button', { name: 'Block' }).click()
    await expect(page.getByText(`${member.displayName} is blocked.`)).toBeVisible()
    await expect(row.getByText('Reason: Spam in reviews')).toBeVisible()
    await expect(row.getByText('Blocked', { exact: true })).toBeVisible()

    // The user's page, open all along, is told on its next action.
    await userPage.getByRole('button', { name: 'Send' }).click()
    await expect(userPage.getByText('You are blocked.')).toBeVisible()
    await context.close()

    // Admins are not listed, and the screen is for admins only.
    await page.getByLabel('Find a user').fill('admin@example.com')
    await page
      .getByRole('search', { name: 'Filters' })
      .getByRole('button', { name: 'Search' })
      .click()
    await expect(page.getByText('Nobody found')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('should keep /users for admins', async ({ page }) => {
    await startSignedIn({ page, login: 'owner' })
    await page.goto('/en/users')
    await expect(page.getByText('This section is for administrators only')).toBeVisible()
  })
})
