import { expect } from '@playwright/test'

import {
  createAccount,
  createOwner,
  mailsTo,
  newBrowserContext,
  seriousViolations,
  signIn,
  test,
} from './support'

test.describe('review invitations', () => {
  test('should mail an invitation that a customer signs in through, reviews, and the owner counts', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000)
    const owner = await createOwner(request, { type: 'shop' })
    const customer = await createAccount(request)
    const { title, path } = owner.resource

    await signIn({ page, account: owner.account })
    await page.goto('/en/account')
    await page.getByRole('link', { name: `Review invitations for ${title}` }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invitations: ${title}`)
    const invitations = page.url()
    await expect(page.getByText('Invite every customer')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Read the rules' })).toHaveAttribute(
      'href',
      '/en/informations/rules',
    )
    const counts = page.getByTestId('invitation-counts')
    const figure = (name: string) => counts.locator(`[data-count="${name}"] dd`)
    await expect(figure('sent')).toHaveText('0')
    expect(await seriousViolations(page)).toEqual([])

    const byMail = page.getByRole('region', { name: 'Invite by email' })
    await byMail.getByLabel('Customer’s email').fill(customer.email)
    await byMail.getByLabel('Language').selectOption('en')
    await byMail.getByRole('button', { name: 'Send the invitation' }).click()
    await expect(
      byMail.getByText(`The invitation to ${customer.email} is on its way.`),
    ).toBeVisible()
    await expect(figure('sent')).toHaveText('1')

    // The registration code was the customer's first mail; the invitation is the second.
    const mail = (await mailsTo({ to: customer.email, count: 2 })).at(-1)!
    expect(mail.subject).toBe(`How was ${title}? Write a review on Obzor`)
    expect(mail.html).toContain('Write a review')
    const link = /(https?:\/\/\S+\/en\/invitation\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1]
    expect(link).toBeTruthy()

    // The customer, on a phone: not signed in yet.
    const phone = await newBrowserContext(browser, {
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
    })
    const visitor = await phone.newPage()
    await visitor.goto(new URL(link!).pathname)
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
      `You are invited to review ${title}`,
    )
    expect(await seriousViolations(visitor)).toEqual([])
    await visitor.getByRole('link', { name: 'Sign in' }).last().click()
    await visitor.getByLabel('Login or email').fill(customer.login)
    await visitor.getByLabel('Password').fill(customer.password)
    await visitor.getByRole('button', { name: 'Sign in' }).click()
    await expect(visitor).toHaveURL(new RegExp(`${new URL(link!).pathname}$`))

    // Nothing in the form comes from the link: no grade is chosen.
    const form = visitor.getByRole('form', { name: 'Write a review' })
    await expect(form.getByRole('radio', { checked: true })).toHaveCount(0)
    await form.getByRole('group', { name: 'Overall grade' }).getByLabel('2 out of 5').check()
    await form.getByLabel('Review').fill('Slow delivery, but support answered.')
    await form.getByRole('button', { name: 'Publish the review' }).click()
    await expect(visitor.getByText('Thank you! Your review is published.')).toBeVisible()

    // The link is spent: opened again, it says so.
    await visitor.reload()
    await expect(visitor.getByText('This invitation has been used')).toBeVisible()
    await phone.close()

    // The resource page marks the review; it follows once rendered again in the background.
    await page.goto(path)
    const invited = page.getByRole('article', { name: `By ${customer.displayName}` })
    await expect(async () => {
      await page.reload()
      await expect(invited.getByText('Invited', { exact: true })).toBeVisible({ timeout: 1000 })
    }).toPass()

    // Loaded afresh by its address: a reload right after goBack could abort the back navigation.
    await page.goto(invitations)
    await expect(figure('sent')).toHaveText('1')
    await expect(figure('opened')).toHaveText('1')
    await expect(figure('reviewed')).toHaveText('1')
  })

  test('should make single-use links shown once, and tell unknown links in both languages', async ({
    page,
    request,
  }) => {
    const owner = await createOwner(request, { type: 'forum' })
    await signIn({ page, account: owner.account })
    await page.goto(`/en/account/invitations/${owner.resource.id}`)
    const links = page.getByRole('region', { name: 'Single-use links' })
    await links.getByLabel('How many links').fill('3')
    await links.getByRole('button', { name: 'Make the links' }).click()
    await expect(links.getByText('3 links are ready.', { exact: false })).toBeVisible()
    const text = await links.getByRole('textbox', { name: 'The new links' }).inputValue()
    expect(text.split('\n')).toHaveLength(3)
    await expect(links.getByRole('link', { name: 'Download as text' })).toHaveAttribute(
      'download',
      'invitation-links.txt',
    )
    await page.reload()
    await expect(page.getByRole('textbox', { name: 'The new links' })).toHaveCount(0)
    await expect(
      page.getByTestId('invitation-counts').locator('[data-count="sent"] dd'),
    ).toHaveText('3')

    await page.goto('/en/invitation/not-a-real-token')
    await expect(page.getByText('Invitation not found')).toBeVisible()
    await page.goto(`/invitation/${'A'.repeat(43)}`)
    await expect(page.getByText('Приглашение не найдено')).toBeVisible()
    // Broken percent-encoding is the site's "not found", never an error.
    const broken = await page.goto('/invitation/%E0%A4%A')
    expect(broken?.status()).toBe(404)
  })
})
