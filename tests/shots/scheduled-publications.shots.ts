import { expect } from '@playwright/test'

import { blocksToLexical } from '@/seed/lexical'

import { queryOwnDatabase } from '../e2e/instances'
import { adminInLanguage, editorToken, shoot, startSignedIn, test, unique } from '../e2e/support'

/**
 * What is scheduled, in the admin: the list of scheduled publications, the news list's column,
 * the mark beside a document's status, and the schedule drawer; in Russian and English, for an
 * editor in Moscow.
 */
test.use({ timezoneId: 'Europe/Moscow' })

const ids: number[] = []

test.beforeAll(async ({ request }) => {
  const headers = { Authorization: `JWT ${await editorToken(request)}` }
  for (const [hours, collection] of [
    [3, 'news'],
    [30, 'posts'],
  ] as const) {
    const created = await request.post(`/api/${collection}?locale=ru&draft=true`, {
      headers,
      data: {
        title: `Выйдет по расписанию ${unique()}`,
        content: blocksToLexical([{ p: 'Текст, который выйдет в срок.' }]),
        _status: 'draft',
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    const id = ((await created.json()) as { doc: { id: number } }).doc.id
    ids.push(id)
    for (const [type, after] of [
      ['publish', hours],
      ['unpublish', hours + 48],
    ] as const) {
      const job = await request.post('/api/payload-jobs', {
        headers,
        data: {
          taskSlug: 'schedulePublish',
          waitUntil: new Date(Date.now() + after * 3_600_000).toISOString(),
          input: { type, doc: { relationTo: collection, value: String(id) } },
        },
      })
      expect(job.status(), await job.text()).toBe(201)
    }
  }
})

test.afterAll(async () => {
  await queryOwnDatabase(
    `DELETE FROM payload_jobs WHERE task_slug = 'schedulePublish'
      AND input -> 'doc' ->> 'value' = ANY($1)`,
    [ids.map(String)],
  )
})

test('the scheduled publications', async ({ page }) => {
  await startSignedIn({ page, login: 'editor' })
  for (const language of ['ru', 'en'] as const) {
    await adminInLanguage(page, language)
    await shoot(page, `list-${language}`, () => page.goto('/admin/scheduled-publications'))
    await shoot(page, `news-list-${language}`, () => page.goto('/admin/collections/news'))
    await shoot(page, `document-${language}`, async () => {
      await page.goto(`/admin/collections/news/${ids[0]}`)
      await expect(page.locator('.scheduled-mark')).toBeVisible()
    })
  }
})

test('the schedule drawer', async ({ page }) => {
  await startSignedIn({ page, login: 'editor' })
  await adminInLanguage(page, 'ru')
  await shoot(
    page,
    'drawer-ru',
    async () => {
      await page.goto(`/admin/collections/news/${ids[0]}`)
      await page.locator('#action-save-popup').getByRole('button').first().click()
      await page.locator('#schedule-publish').click()
      await expect(page.locator('.schedule-publish__upcoming')).toContainText('Europe/Moscow')
    },
    { fullPage: false },
  )
})
