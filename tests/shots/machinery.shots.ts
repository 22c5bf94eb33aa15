import { expect } from '@playwright/test'

import { queryOwnDatabase } from '../e2e/instances'
import { adminInLanguage, shoot, startSignedIn, test, unique } from '../e2e/support'

/**
 * The admins' machinery screen, with something to show: a backup a day and a half old (overdue),
 * two failed mails and a failed link check; in Russian and English.
 */
test.use({ timezoneId: 'Europe/Moscow' })

const jobs: number[] = []

test.beforeAll(async () => {
  await queryOwnDatabase(
    `INSERT INTO payload_kv (key, data) VALUES ('obzor:last-backup', $1)
      ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data`,
    [
      JSON.stringify({
        finishedAt: new Date(Date.now() - 36 * 3_600_000).toISOString(),
        location: 's3://obzor-backups/2026-11-28T03-00-00Z',
        bytes: 412 * 1024 ** 2,
      }),
    ],
  )
  const failed = [
    [
      'sendEmail',
      'email',
      { message: { to: `anna${unique()}@example.com`, subject: 'Код подтверждения' } },
      '550 5.1.1 mailbox unavailable',
    ],
    [
      'sendEmail',
      'email',
      { message: { to: `boris${unique()}@example.com`, subject: 'Ответ на обращение № 1042' } },
      'Connection timeout',
    ],
    ['checkLinks', 'default', {}, 'canceling statement due to statement timeout'],
  ] as const
  for (const [task, queue, input, reason] of failed) {
    const { rows } = await queryOwnDatabase(
      `INSERT INTO payload_jobs (task_slug, queue, input, has_error, error, total_tried, processing)
        VALUES ($1, $2, $3, true, $4, 5, false) RETURNING id`,
      [task, queue, JSON.stringify(input), JSON.stringify({ message: reason })],
    )
    jobs.push(Number(rows[0].id))
  }
})

test.afterAll(async () => {
  await queryOwnDatabase('DELETE FROM payload_jobs WHERE id = ANY($1)', [jobs])
  await queryOwnDatabase(`DELETE FROM payload_kv WHERE key = 'obzor:last-backup'`)
})

test('the machinery screen', async ({ page }) => {
  await startSignedIn({ page, login: 'admin' })
  for (const language of ['ru', 'en'] as const) {
    await adminInLanguage(page, language)
    await shoot(page, `system-${language}`, async () => {
      await page.goto('/admin/system')
      await expect(page.locator(`tr[data-job="${jobs[0]}"]`)).toBeVisible()
    })
  }
})
