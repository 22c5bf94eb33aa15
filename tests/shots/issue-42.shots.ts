import { type Page, expect } from '@playwright/test'
import { generateKey } from 'openpgp'

import { blocksToLexical } from '@/seed/lexical'

import { queryOwnDatabase } from '../e2e/instances'
import {
  createAccount,
  createOwner,
  editorToken,
  settled,
  signIn,
  signInThroughApi,
  test,
  unique,
} from '../e2e/support'

/**
 * The screens issue 42 asks to be shown at 360 px in Russian, light and dark: a scam resource's
 * page and its warning step, the sessions card, and an admin deciding a waiting PGP key.
 */
const at360 = async (page: Page, name: string, open: () => Promise<unknown>) => {
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 360, height: 780 })
    await page.emulateMedia({ colorScheme: theme })
    await open()
    await settled(page)
    await page.screenshot({
      path: `${test.info().project.outputDir}/issue-42/${name}-360-${theme}.png`,
      fullPage: true,
      animations: 'disabled',
    })
  }
}

const armoredKey = async () =>
  (
    await generateKey({
      userIDs: [{ name: 'Shop ops', email: 'ops@example.com' }],
      format: 'armored',
      date: new Date(Date.now() - 60_000),
    })
  ).publicKey

test.describe('issue 42 at 360 px', () => {
  test('the scam page and its warning step', async ({ page }) => {
    await at360(page, 'scam-page', () => page.goto('/resources/exchangers/quick-swap'))
    await at360(page, 'scam-warning', () => page.goto('/resources/exchangers/quick-swap/visit'))
  })

  test('the sessions card', async ({ page, request }) => {
    const account = await createAccount(request)
    await signIn({ page, account })
    await at360(page, 'sessions', () => page.goto('/profile/security'))
  })

  test('the key decision in the admin', async ({ page, request }) => {
    const owner = await createOwner(request)
    const { id } = owner.resource
    for (const key of [await armoredKey(), await armoredKey()]) {
      const answer = await request.post('/api/resource-pgp-key', {
        headers: { Authorization: `JWT ${owner.token}` },
        data: { id, key },
      })
      expect(answer.status()).toBe(200)
    }
    await signInThroughApi({ page, login: 'admin' })
    await at360(page, 'key-decision', async () => {
      await page.goto(`/admin/collections/resources/${id}`)
      await expect(page.locator('#field-pgpKeyDecision')).toBeVisible()
      await page.locator('#field-pgpKeyDecision').scrollIntoViewIfNeeded()
    })
  })

  test('the scheduled publications', async ({ page, request }) => {
    const headers = { Authorization: `JWT ${await editorToken(request)}` }
    const created = await request.post('/api/news?locale=ru&draft=true', {
      headers,
      data: {
        title: `Выйдет по расписанию ${unique()}`,
        content: blocksToLexical([{ p: 'Текст, который выйдет в срок.' }]),
        _status: 'draft',
      },
    })
    expect(created.status()).toBe(201)
    const id = String(((await created.json()) as { doc: { id: number } }).doc.id)
    const job = await request.post('/api/payload-jobs', {
      headers,
      data: {
        taskSlug: 'schedulePublish',
        waitUntil: new Date(Date.now() + 3 * 3_600_000).toISOString(),
        input: { type: 'publish', doc: { relationTo: 'news', value: id } },
      },
    })
    expect(job.status()).toBe(201)
    await signInThroughApi({ page, login: 'editor' })
    await at360(page, 'scheduled', () => page.goto('/admin/scheduled-publications'))
    await queryOwnDatabase(
      `DELETE FROM payload_jobs WHERE task_slug = 'schedulePublish' AND input -> 'doc' ->> 'value' = $1`,
      [id],
    )
  })
})
