import { type APIRequestContext, type Page, expect } from '@playwright/test'

import { blocksToLexical } from '@/seed/lexical'

import { queryOwnDatabase } from './instances'
import {
  createAccount,
  editorToken,
  newBrowserContext,
  startSignedIn,
  test,
  tokenOf,
  unique,
} from './support'

/**
 * What is scheduled, seen by the editors (src/components/admin/ScheduledPublicationsView.tsx and
 * its marks): the admin's list of scheduled publications with each one's time in the editor's own
 * time zone, named; the mark in the collection's list and beside the document's status; the
 * schedule offered on a document not saved yet; and the list refused to anyone else. The
 * browser is in Novosibirsk (UTC+7), so a time shown in the server's zone (UTC) would not match.
 */
const ZONE = 'Asia/Novosibirsk'
const ZONE_LABEL = `${ZONE}, GMT+7`
const LIST = '/admin/scheduled-publications'

test.use({ timezoneId: ZONE })

/** «25 ноября 2026, 19:19» in `ZONE`: the admin's date format, as the editor reads it. */
const wallClock = (date: Date) => {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('ru-RU', { timeZone: ZONE, ...options }).format(date)
  const day = `${part({ day: 'numeric', month: 'long' })} ${part({ year: 'numeric' })}`
  const time = part({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return `${day.replace(' г.', '')}, ${time}`
}

/** A complete draft news item, written through REST as the admin does. */
const draftNews = async (request: APIRequestContext) => {
  const title = `Выйдет по расписанию ${unique()}`
  const created = await request.post('/api/news?locale=ru&draft=true', {
    headers: { Authorization: `JWT ${await editorToken(request)}` },
    data: { title, content: blocksToLexical([{ p: 'Текст новости.' }]), _status: 'draft' },
  })
  expect(created.status(), await created.text()).toBe(201)
  return { id: ((await created.json()) as { doc: { id: number } }).doc.id, title }
}

/** Opens the schedule drawer from the Publish button's menu. */
const openSchedule = async (page: Page) => {
  await page.locator('#action-save-popup').getByRole('button').first().click()
  await page.locator('#schedule-publish').click()
  const drawer = page.locator('.schedule-publish')
  await expect(drawer).toBeVisible()
  return drawer
}

/** Takes away the document's waiting jobs, which would come due inside a later journey. */
const unschedule = (id: number) =>
  queryOwnDatabase(
    `DELETE FROM payload_jobs WHERE task_slug = 'schedulePublish'
      AND input -> 'doc' ->> 'relationTo' = 'news' AND input -> 'doc' ->> 'value' = $1`,
    [String(id)],
  )

test('an editor schedules a news item and sees it in the scheduled list and the news list, in their time zone', async ({
  page,
  request,
}) => {
  const item = await draftNews(request)
  await startSignedIn({ page, login: 'editor' })
  await page.goto(`/admin/collections/news/${item.id}`)

  // Tomorrow at a whole minute, typed as the editor reads their clock.
  const when = new Date(Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000)
  const drawer = await openSchedule(page)
  // Which languages to publish: "all" in the admin's language (Payload's own said "All").
  await expect(drawer).toContainText(/Все локали|All locales/)
  await expect(drawer.getByText('All', { exact: true })).toHaveCount(0)
  const time = drawer.locator('#time input, input#time').first()
  await time.fill(wallClock(when))
  await time.press('Enter')
  await drawer.locator('#scheduled-publish-save').click()
  await expect(page.locator('.payload-toast-container')).toContainText(/запланирован/i)
  // The drawer names the zone it was set in.
  await expect(drawer.locator('.schedule-publish__upcoming')).toContainText(ZONE)
  await drawer.locator('.schedule-publish__drawer-header').getByRole('button').click()

  const shown = `${wallClock(when)} (${ZONE_LABEL})`
  // Beside the status, once the drawer closes.
  await expect(page.locator('.scheduled-mark')).toContainText(`Публикация ${shown}`)

  // The list, linked from the navigation (folded away beside a document: its link is followed).
  const link = page.locator('#nav-scheduled-publications')
  await expect(link).toHaveAttribute('href', LIST)
  await page.goto(LIST)
  await expect(page.getByRole('heading', { name: 'Запланированные публикации' })).toBeVisible()
  await expect(page.getByText(`в вашем часовом поясе: ${ZONE_LABEL}`)).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: item.title })
  await expect(row).toContainText('Новость')
  await expect(row).toContainText('Публикация')
  await expect(row).toContainText(shown)
  await expect(row).toContainText('Егор Редакторов')
  await row.getByRole('link', { name: item.title }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/collections/news/${item.id}`))

  // The collection's list says it too, where it says "Draft".
  // In Russian whatever language the editor's admin list was last left in (another file may switch it).
  await page.goto('/admin/collections/news?locale=ru')
  await expect(
    page.getByRole('row').filter({ hasText: item.title }).locator('.scheduled-cell'),
  ).toHaveText(`Публикация ${shown}`)
  await unschedule(item.id)
})

test('an editor schedules a news item not saved yet: its draft is saved and the schedule opens', async ({
  page,
}) => {
  const title = `Сразу по расписанию ${unique()}`
  await startSignedIn({ page, login: 'editor' })
  await page.goto('/admin/collections/news/create?locale=ru')
  await page.locator('#field-title').fill(title)
  const drawer = await openSchedule(page)
  await expect(page).toHaveURL(/\/admin\/collections\/news\/\d+/)
  await expect(drawer).toContainText(title)
  // Set in the editor's own zone unless they pick another.
  await expect(drawer.locator('.timezone-picker')).toContainText(ZONE)
})

test('the scheduled list is refused to members and sends guests to sign in', async ({
  request,
  browser,
  baseURL,
}) => {
  const item = await draftNews(request)
  const schedule = await request.post('/api/payload-jobs', {
    headers: { Authorization: `JWT ${await editorToken(request)}` },
    data: {
      taskSlug: 'schedulePublish',
      waitUntil: new Date(Date.now() + 86_400_000).toISOString(),
      input: { type: 'publish', doc: { relationTo: 'news', value: String(item.id) } },
    },
  })
  expect(schedule.status(), await schedule.text()).toBe(201)

  const member = await createAccount(request)
  const token = await tokenOf(request, member.login, member.password)
  const asMember = await request.get(LIST, { headers: { Authorization: `JWT ${token}` } })
  expect(asMember.status()).toBe(404)
  expect(await asMember.text()).not.toContain(item.title)

  // Payload has begun its answer by then: the browser is sent on from inside the page.
  const guest = await newBrowserContext(browser)
  const page = await guest.newPage()
  await page.goto(`${baseURL}${LIST}`)
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fscheduled-publications/)
  await expect(page.getByText(item.title)).toHaveCount(0)
  await guest.close()
  await unschedule(item.id)
})
