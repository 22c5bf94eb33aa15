import { type APIRequestContext, expect } from '@playwright/test'
import { generateKey, readKey } from 'openpgp'

import { groupFingerprint } from '@/lib/mirrorAddresses'

import {
  createOwner,
  mailsTo,
  newBrowserContext,
  settled,
  signInThroughApi,
  startSignedIn,
  test,
} from './support'

/**
 * Issue 42: an owner changes their resource's PGP key; the change waits. The admin finds it on the
 * site's moderation overview, follows the card to the admin's list of resources whose key waits,
 * opens the resource, sees the waiting key, its fingerprint and date, approves it and saves; the
 * owner's screen then shows the new key as the resource's, and both were mailed.
 */

const makeKey = async () => {
  const made = await generateKey({
    userIDs: [{ name: 'Shop ops', email: 'ops@example.com' }],
    format: 'armored',
    // Born a minute ago: a key made this instant may be "from the future" to the server's clock.
    date: new Date(Date.now() - 60_000),
  })
  const fingerprint = (await readKey({ armoredKey: made.publicKey })).getFingerprint()
  return { armored: made.publicKey, fingerprint }
}

const setKey = async (request: APIRequestContext, token: string, id: number, key: string) => {
  const answer = await request.post('/api/resource-pgp-key', {
    headers: { Authorization: `JWT ${token}` },
    data: { id, key },
  })
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { key: { pending_fingerprint: string | null } }).key
}

/** Whether a mail to `to` names `text`, once what was queued has been sent. */
const mailedWith = (to: string, text: string) => async () =>
  (await mailsTo({ to })).some((mail) => mail.text.includes(text))

test.describe('a new PGP key waiting for an admin', () => {
  test('should let an admin approve it in the resource’s edit view, the owner then seeing it', async ({
    page,
    browser,
    request,
  }) => {
    const [first, second] = await Promise.all([makeKey(), makeKey()])
    const owner = await createOwner(request)
    const { id } = owner.resource
    await setKey(request, owner.token, id, first.armored)
    const waiting = await setKey(request, owner.token, id, second.armored)
    expect(waiting.pending_fingerprint).toBe(second.fingerprint)

    // The site's overview counts it, its card leading to the admin's list of waiting keys.
    await startSignedIn({ page, login: 'admin' })
    await page.goto('/en/moderation')
    const card = page.locator('[data-queue="keys"]')
    await expect(card).toContainText('New PGP keys of resources')
    expect(Number(await card.locator('.moderation-card-count').innerText())).toBeGreaterThan(0)
    await card.click()
    await expect(page).toHaveURL(/\/admin\/collections\/resources\?where/)
    const row = page.locator(`table a[href$="/admin/collections/resources/${id}"]`).first()
    await expect(row).toBeVisible()
    await row.click()
    await expect(page).toHaveURL(new RegExp(`/admin/collections/resources/${id}$`))
    await settled(page)

    await expect(page.getByText('Новый PGP-ключ ждёт решения')).toBeVisible()
    await expect(page.locator('#field-pendingPgpKey')).toHaveValue(/BEGIN PGP PUBLIC KEY BLOCK/)
    await expect(page.locator('#field-pendingPgpFingerprint')).toHaveValue(second.fingerprint)
    await expect(page.locator('#field-pendingPgpKeyAt input')).toHaveValue(/\d/)
    const decision = page.locator('#field-pgpKeyDecision')
    await expect(decision).toContainText('Решение по новому ключу')
    await decision.locator('.rs__control').click()
    await page.getByRole('option', { name: 'Одобрить новый ключ' }).click()
    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().includes(`/api/resources/${id}`) &&
          response.request().method() === 'PATCH',
      ),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ])
    expect(saved.status(), await saved.text()).toBe(200)

    await page.reload()
    await settled(page)
    await expect(page.locator('#field-type')).toBeVisible()
    await expect(page.locator('#field-pendingPgpFingerprint')).toHaveCount(0)
    await expect(page.locator('#field-pgpKeyDecision')).toHaveCount(0)
    await expect(page.getByText('Новый PGP-ключ ждёт решения')).toHaveCount(0)

    // The owner's own screen shows the approved key as the resource's, nothing waiting.
    const context = await newBrowserContext(browser, { locale: 'en-US' })
    const ownerPage = await context.newPage()
    await signInThroughApi({
      page: ownerPage,
      login: owner.account.login,
      password: owner.account.password,
    })
    await ownerPage.goto(`/en/add-resource/mirrors?id=${id}`)
    await expect(ownerPage.locator('.mirrors-fingerprint')).toHaveText(
      groupFingerprint(second.fingerprint),
    )
    await expect(ownerPage.locator('.mirrors-pending')).toHaveCount(0)
    await context.close()

    // The admins were mailed when it started waiting, the owner the decision.
    await expect.poll(mailedWith('admin@example.com', second.fingerprint)).toBe(true)
    await expect.poll(mailedWith(owner.account.email, second.fingerprint)).toBe(true)
  })
})
