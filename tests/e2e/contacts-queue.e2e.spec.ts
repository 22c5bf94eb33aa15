import { type Browser, type Page, expect } from '@playwright/test'

import {
  SAMPLE_PNG,
  createOwner,
  mailsTo,
  newBrowserContext,
  rowOnSomePage,
  seriousViolations,
  signInThroughApi,
  test,
  unique,
} from './support'

/**
 * The moderators' queues of issue 28: a visitor writes through the contact form, an admin finds
 * the message in /moderation/contacts, replies by email (the mail arrives) and it moves to the
 * processed; an admin approves a verification request after a confirmation, with a note the
 * owner then reads.
 */

/** A second person at their own browser, signed in. */
const personAt = async (browser: Browser, login: string) => {
  const context = await newBrowserContext(browser, { locale: 'en-US' })
  const page = await context.newPage()
  await signInThroughApi({ page, login })
  return { page, close: () => context.close() }
}

const sendContactForm = async (page: Page, fields: Record<string, string>) => {
  await page.goto('/en/contacts')
  await page.getByLabel('Name').fill(fields.name)
  await page.getByLabel('Email').fill(fields.email)
  await page.getByLabel('Subject').fill(fields.subject)
  await page.getByLabel('Message').fill(fields.message)
  await page.getByLabel('Files').setInputFiles(SAMPLE_PNG)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible()
}

test.describe('the contact messages queue', () => {
  test('a visitor writes, an admin replies by email from the queue, and it moves to processed', async ({
    page,
    browser,
  }) => {
    const fields = {
      name: 'Irina',
      email: `irina${unique()}@example.com`,
      subject: `Listing my shop ${unique()}`,
      message: 'Hello!\nHow do I add my shop to the directory?',
    }
    await sendContactForm(page, fields)

    const admin = await personAt(browser, 'admin')
    await admin.page.goto('/en/moderation/contacts')
    await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText('Contact messages')
    // One of the moderation area's sections, the current one.
    const sections = admin.page.getByRole('navigation', { name: 'Moderation sections' })
    await expect(sections.getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'href',
      '/en/moderation',
    )
    await expect(sections.getByRole('link', { name: 'Contact messages' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    const unprocessedTab = admin.page.getByRole('tab', { name: /^Unprocessed \d+$/ })
    await expect(unprocessedTab).toHaveAttribute('aria-selected', 'true')
    const openPanel = admin.page.getByRole('tabpanel', { name: /^Unprocessed/ })
    const row = await rowOnSomePage({
      page: admin.page,
      scope: openPanel,
      text: fields.subject,
      call: '/get-contact-messages',
    })
    await expect(row.getByText(fields.email)).toBeVisible()
    await expect(row.getByText('How do I add my shop to the directory?')).toBeVisible()
    await expect(row.getByRole('link', { name: /^sample(-\d+)?\.png$/ })).toBeVisible()
    await expect(row.getByText('Unprocessed', { exact: true })).toBeVisible()

    await row.getByRole('button', { name: 'Reply by email' }).click()
    const dialog = admin.page.getByRole('dialog')
    await expect(dialog.getByRole('heading').first()).toHaveText(`Reply to “${fields.subject}”`)
    // A blank reply is refused before it is sent: by the browser, then (spaces only) by the form.
    await dialog.getByRole('button', { name: 'Send reply' }).click()
    await expect(dialog.getByLabel('Your reply')).toBeFocused()
    await dialog.getByLabel('Your reply').fill('   ')
    await dialog.getByRole('button', { name: 'Send reply' }).click()
    await expect(dialog.getByText('Write a reply.')).toBeVisible()
    const answer = `Add it from “Add resource” after signing in. ${unique()}`
    await dialog.getByLabel('Your reply').fill(answer)
    // The dialog shows the whole mail as it goes out: greeting and signature are the mail's own.
    const preview = dialog.getByRole('region', { name: 'The mail the sender will get' })
    await expect(preview).toContainText(`Re: ${fields.subject}`)
    const body = await preview.locator('pre').innerText()
    expect(body.startsWith(`Hello Irina,\n\n${answer}\n\n— The Obzor team\n`)).toBe(true)
    await dialog.getByRole('button', { name: 'Send reply' }).click()
    await expect(admin.page.getByText(`The reply was sent to ${fields.email}.`)).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(openPanel.getByRole('listitem').filter({ hasText: fields.subject })).toHaveCount(0)

    const [mail] = await mailsTo({ to: fields.email })
    expect(mail.subject).toBe(`Re: ${fields.subject}`)
    expect(mail.text).toContain(answer)
    expect(mail.text).toContain('> How do I add my shop to the directory?')
    expect(mail.text.trim()).toBe(body.trim())

    await admin.page.getByRole('tab', { name: /^Processed \d+$/ }).click()
    const donePanel = admin.page.getByRole('tabpanel', { name: /^Processed/ })
    const done = donePanel.getByRole('listitem').filter({ hasText: fields.subject })
    await expect(done.getByText('Replied', { exact: true })).toBeVisible()
    await expect(done.getByText(answer)).toBeVisible()
    await expect(done.getByRole('button', { name: 'Reply by email' })).toHaveCount(0)

    // Returned to the queue, then marked processed without a reply.
    await done.getByRole('button', { name: 'Return to unprocessed' }).click()
    await expect(admin.page.getByText('The message is back among the unprocessed.')).toBeVisible()
    await admin.page.getByRole('tab', { name: /^Unprocessed/ }).click()
    const back = await rowOnSomePage({
      page: admin.page,
      scope: openPanel,
      text: fields.subject,
      call: '/get-contact-messages',
    })
    await back.getByRole('button', { name: 'Mark processed' }).click()
    await expect(admin.page.getByText('The message is marked processed.')).toBeVisible()
    await admin.close()
  })

  test('the queue is for admins: a member is told so and a guest is asked to sign in', async ({
    page,
    browser,
  }) => {
    await page.goto('/moderation/contacts')
    await expect(page).toHaveURL(/\/signin\?next=%2Fmoderation%2Fcontacts/)
    for (const login of ['user', 'editor', 'owner']) {
      const member = await personAt(browser, login)
      await member.page.goto('/en/moderation/contacts')
      await expect(member.page.getByText('Only administrators moderate the site.')).toBeVisible()
      await expect(member.page.getByRole('tab')).toHaveCount(0)
      await member.close()
    }
  })

  test('should read in Russian at every address and have no serious axe violation in both themes', async ({
    page,
  }) => {
    await signInThroughApi({ page, login: 'admin' })
    for (const address of ['/moderation/contacts', '/ru/moderation/contacts']) {
      await page.goto(address)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сообщения с сайта')
      await expect(page.getByRole('tab', { name: /^Необработанные \d+$/ })).toBeVisible()
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto('/en/moderation/contacts')
      await expect(page.getByRole('button', { name: 'Mark processed' }).first()).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    }
  })
})

test.describe('the verification queue', () => {
  test('an approval asks first and carries a note that the owner reads', async ({
    page,
    browser,
    request,
  }) => {
    // An owner of the test's own: the demo owner's resources and requests are read a page at a
    // time by other files.
    const title = `Noted Shop ${unique()}`
    const { account: owner, resource: doc } = await createOwner(request, { title })
    await signInThroughApi({ page, login: owner.login, password: owner.password })
    const admin = await personAt(browser, 'admin')
    await page.goto(`/en/application-for-verification?resource=${doc.id}`)
    await page.getByLabel('Message to the moderator').fill('Our admin panel, with the address.')
    await page.getByLabel('Supporting files').setInputFiles(SAMPLE_PNG)
    await page.getByRole('button', { name: 'Send request' }).click()
    await expect(page.getByText('Request sent')).toBeVisible()

    await admin.page.goto('/en/resource-check')
    const queuePanel = admin.page.getByRole('tabpanel', { name: 'Moderation queue' })
    await expect(queuePanel.getByLabel('Status')).toHaveValue('waiting')
    await expect(queuePanel.getByLabel('Status').locator('option:checked')).toHaveText(
      'Needs a decision',
    )
    const row = await rowOnSomePage({
      page: admin.page,
      scope: queuePanel,
      text: title,
      call: '/get-all-requests',
    })
    await row.getByRole('button', { name: 'Approve' }).click()
    const dialog = admin.page.getByRole('dialog')
    await expect(dialog.getByRole('heading')).toHaveText(`Approve the request for “${title}”?`)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(row.getByText('Sent', { exact: true }).first()).toBeVisible()

    const note = `Approved: please add your company number to the page. ${unique()}`
    await row.getByRole('button', { name: 'Approve' }).click()
    await dialog.getByLabel('Note for the owner (optional)').fill(note)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect(admin.page.getByText('Approved: the resource is verified.')).toBeVisible()
    // Decided, it leaves the queue of what needs a decision.
    await expect(queuePanel.getByRole('listitem').filter({ hasText: title })).toHaveCount(0)
    await admin.close()

    await page.goto('/en/resource-check')
    const mine = page.getByRole('listitem').filter({ hasText: title })
    await expect(mine.getByText('Approved', { exact: true }).first()).toBeVisible()
    await expect(mine.getByText("Moderator's answer")).toBeVisible()
    await expect(mine.getByText(note).first()).toBeVisible()
  })
})
