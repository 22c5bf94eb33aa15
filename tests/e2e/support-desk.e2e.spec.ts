import { type Browser, expect } from '@playwright/test'

import {
  SAMPLE_PNG,
  createAccount,
  createOwner,
  mailsTo,
  newBrowserContext,
  postAs,
  rowOnSomePage,
  seriousViolations,
  signInThroughApi,
  test,
  tokenOf,
  unique,
} from './support'

/**
 * Support tickets and resource verification, from both sides: a user writes, support answers from
 * the queue, the user sees the answer unread, then read; an owner asks to verify a resource, an
 * admin approves it from the moderation queue, and the badge shows on the resource's page and
 * in its listing at once.
 */

/** A second person at their own browser, signed in. */
const personAt = async (browser: Browser, login: string, password?: string) => {
  const context = await newBrowserContext(browser, { locale: 'en-US' })
  const page = await context.newPage()
  await signInThroughApi({ page, login, password })
  return { page, close: () => context.close() }
}

test.describe('support tickets', () => {
  test('a user opens a ticket with a file, support answers, the user sees it unread then read', async ({
    page,
    request,
    browser,
  }) => {
    const account = await createAccount(request)
    await signInThroughApi({ page, login: account.login, password: account.password })
    const subject = `Payment question ${unique()}`

    await page.goto('/en/send-ticket')
    await page.getByLabel('Subject').fill(subject)
    await page.getByLabel('Message').fill('My payment is stuck.\nWhat should I do?')
    await page.getByLabel('Files').setInputFiles(SAMPLE_PNG)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page).toHaveURL(/\/en\/tickets\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible()
    await expect(page.getByText('Waiting for support')).toBeVisible()
    // Stored files keep unique names: an earlier upload of sample.png makes this one sample-1.png.
    await expect(page.getByRole('link', { name: /^sample(-\d+)?\.png$/ })).toBeVisible()
    const ticketUrl = new URL(page.url()).pathname

    const support = await personAt(browser, 'admin')
    await support.page.goto('/en/tickets')
    await expect(support.page.getByRole('tab', { name: 'Support queue' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    // The longest waiting first: the new ticket may be behind those other files left open.
    const queued = await rowOnSomePage({
      page: support.page,
      scope: support.page.getByRole('tabpanel', { name: 'Support queue' }),
      text: subject,
      call: '/get-tickets',
    })
    await queued.getByRole('link', { name: subject }).click()
    await expect(support.page.getByText('My payment is stuck.')).toBeVisible()
    await support.page.getByLabel('Your message').fill('We have released your payment.')
    await support.page.getByRole('button', { name: 'Send reply' }).click()
    await expect(support.page.getByText('We have released your payment.')).toBeVisible()
    await support.close()

    // The answer is mailed in the user's own language (Russian: they signed up on /), with a link.
    const ticketId = ticketUrl.split('/').pop()
    const mails = await mailsTo({ to: account.email, count: 2 })
    expect(mails.at(-1)!.subject).toContain(`№${ticketId} «${subject}»`)
    expect(mails.at(-1)!.text).toContain(`/tickets/${ticketId}`)

    await page.goto('/en/tickets')
    const row = page.getByRole('listitem').filter({ hasText: subject })
    await expect(row.getByText('New reply')).toBeVisible()
    await expect(row.getByText('Answered')).toBeVisible()
    await row.getByRole('link', { name: subject }).click()
    await expect(page.getByText('We have released your payment.')).toBeVisible()
    await page.goto('/en/tickets')
    await expect(page.getByRole('listitem').filter({ hasText: subject })).toBeVisible()
    await expect(
      page.getByRole('listitem').filter({ hasText: subject }).getByText('New reply'),
    ).toHaveCount(0)

    await page.goto(ticketUrl)
    await page.getByRole('button', { name: 'Close ticket' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Close ticket' }).click()
    await expect(page.getByText('This ticket is closed.')).toBeVisible()
    await expect(page.getByLabel('Your message')).toHaveCount(0)
  })

  test('a guest is asked to sign in, and another user cannot read the ticket', async ({
    page,
    browser,
    request,
  }) => {
    await page.goto('/en/tickets')
    await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute(
      'href',
      /\/en\/signin\?next=%2Fen%2Ftickets/,
    )
    // A ticket of the test's own, answered by support: a demo ticket would be read (and so no
    // longer unread) by whichever journey opened it first.
    const author = await createAccount(request)
    const subject = `Code not arriving ${unique()}`
    const { ticket } = (await postAs(
      request,
      await tokenOf(request, author.login, author.password),
      '/add-requests',
      { subject, message: 'The confirmation code never comes.' },
    )) as { ticket: { id: number } }
    await postAs(request, await tokenOf(request, 'admin'), '/reply-ticket', {
      id: ticket.id,
      message: 'Please look in the spam folder.',
    })
    const user = await personAt(browser, author.login, author.password)
    await user.page.goto('/en/tickets')
    const answered = user.page.getByRole('listitem').filter({ hasText: subject })
    await expect(answered.getByText('New reply')).toBeVisible()
    const href = await answered.getByRole('link').first().getAttribute('href')
    await user.close()
    const other = await createAccount(request)
    const stranger = await personAt(browser, other.login, other.password)
    await stranger.page.goto(href!)
    await expect(stranger.page.getByText('Ticket not found')).toBeVisible()
    await stranger.close()
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`should have no serious axe violation on the ticket screens, ${scheme}`, async ({
      page,
    }) => {
      await signInThroughApi({ page, login: 'owner' })
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto('/en/tickets')
      await expect(
        page.getByRole('link', { name: 'Как добавить сотрудника для магазина?' }),
      ).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('link', { name: 'Как добавить сотрудника для магазина?' }).click()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/send-ticket')
      expect(await seriousViolations(page)).toEqual([])
    })
  }
})

test.describe('resource verification', () => {
  test('an owner asks, an admin approves, and the badge shows on the page and the listing', async ({
    page,
    browser,
    request,
  }) => {
    // An owner of the test's own: the demo owner's resources and requests are read a page at a
    // time by other files.
    const title = `Proven Shop ${unique()}`
    const { account: owner, resource: doc } = await createOwner(request, { title })
    await signInThroughApi({ page, login: owner.login, password: owner.password })
    const admin = await personAt(browser, 'admin')

    await page.goto(`/en/application-for-verification?resource=${doc.id}`)
    await expect(page.getByLabel('Resource', { exact: true })).toHaveValue(String(doc.id))
    await page.getByLabel('Message to the moderator').fill('A screenshot of our admin panel.')
    await page.getByLabel('Supporting files').setInputFiles(SAMPLE_PNG)
    await page.getByRole('button', { name: 'Send request' }).click()
    await expect(page.getByText('Request sent')).toBeVisible()
    await page.getByRole('link', { name: 'My requests' }).click()
    const mine = page.getByRole('listitem').filter({ hasText: title })
    await expect(mine.getByText('Sent', { exact: true }).first()).toBeVisible()

    await admin.page.goto('/en/resource-check')
    // The longest waiting first: the request may be behind those other files left waiting.
    const queued = await rowOnSomePage({
      page: admin.page,
      scope: admin.page.getByRole('tabpanel', { name: 'Moderation queue' }),
      text: title,
      call: '/get-all-requests',
    })
    await queued.getByRole('button', { name: 'Approve' }).click()
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
    await expect(admin.page.getByText('Approved: the resource is verified.')).toBeVisible()
    await admin.close()

    await page.reload()
    await expect(
      page.getByRole('listitem').filter({ hasText: title }).getByText('Approved').first(),
    ).toBeVisible()
    await page.goto(doc.path)
    await expect(page.getByRole('heading', { level: 1 }).getByText('Verified')).toBeVisible()
    await page.goto('/en/resources/shops?sort=newest')
    const card = page.getByRole('article').filter({ hasText: title })
    await expect(card.getByText('Verified')).toBeVisible()
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`should have no serious axe violation on the verification screens, ${scheme}`, async ({
      page,
    }) => {
      await signInThroughApi({ page, login: 'admin' })
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto('/en/resource-check')
      await expect(page.getByRole('tab', { name: 'Moderation queue' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Approve' }).first()).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/application-for-verification')
      expect(await seriousViolations(page)).toEqual([])
    })
  }
})
