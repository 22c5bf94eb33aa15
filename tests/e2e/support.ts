import { basename, join } from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Locator,
  type Page,
  test as base,
  expect,
} from '@playwright/test'

import { type ResourceType, prefixOf } from '@/lib/resourceTypes'
import { DEMO_PASSWORD } from '@/seed/users'

import { MAIL_API, appUrl } from './apps'
import { settled, trackRequests } from './settled'

export { settled } from './settled'

/** What the end-to-end journeys share: their own client address, accounts, mail, sign-in, axe. */
export const SAMPLE_PNG = join(import.meta.dirname, '../fixtures/sample.png')

export type Mail = { to: string; subject: string; text: string; html: string }
export type Account = { login: string; email: string; displayName: string; password: string }

const randomAddress = () => {
  const part = () => Math.floor(Math.random() * 254) + 1
  return { 'X-Forwarded-For': `10.${part()}.${part()}.${part()}` }
}

/**
 * Every test talks to its worker's own app (tests/e2e/apps.ts) and is a client of its own (the
 * server counts sign-in and registration attempts per address), so the tests stay independent of
 * each other and of the other spec files. The address is set on the context rather than given as
 * an option, so that the worker's browser context is reused from test to test (`reuseContext`):
 * a new one per test costs more than many a test.
 */
export const test = base.extend<{ client: Record<string, string> }>({
  baseURL: async ({}, provide, testInfo) => {
    await provide(appUrl(testInfo.parallelIndex))
  },
  client: async ({}, provide) => {
    await provide(randomAddress())
  },
  context: async ({ context, client }, provide) => {
    await context.setExtraHTTPHeaders(client)
    trackRequests(context)
    await provide(context)
  },
  // A message a page could not show (left out of what it sends the browser, or malformed) is
  // logged by use-intl in the browser: any in a journey fails it, whatever the journey checks.
  page: async ({ page }, provide) => {
    const unshown: string[] = []
    const listen = (message: ConsoleMessage) => {
      if (
        message.type() === 'error' &&
        /MISSING_MESSAGE|INVALID_MESSAGE|FORMATTING_ERROR/.test(message.text())
      ) {
        unshown.push(message.text())
      }
    }
    page.on('console', listen)
    await provide(page)
    page.off('console', listen)
    expect(unshown, 'messages the page could not show').toEqual([])
  },
  request: async ({ playwright, baseURL, client }, provide) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: client })
    await provide(request)
    await request.dispose()
  },
})

/** Another browser (a second person) in a test: a client of its own too. */
export const newBrowserContext = async (browser: Browser, options: BrowserContextOptions = {}) => {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: randomAddress() })
  trackRequests(context)
  return context
}

let counter = 0
export const newAccount = (): Account => {
  counter += 1
  // Workers run side by side: the worker's index keeps their accounts apart.
  const id = `${Date.now().toString(36)}w${process.env.TEST_PARALLEL_INDEX ?? 0}n${counter}`
  return {
    login: `e2e${id}`,
    email: `e2e${id}@example.com`,
    displayName: `E2E ${id}`,
    password: 'first-pass',
  }
}

/** The messages caught for `to`, waiting until there are at least `count`. */
export const mailsTo = async ({
  to,
  count = 1,
}: {
  to: string
  count?: number
}): Promise<Mail[]> => {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const response = await fetch(`${MAIL_API}/mails?to=${encodeURIComponent(to)}`)
    const mails = (await response.json()) as Mail[]
    if (mails.length >= count) return mails
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No mail to ${to}`)
}

export const codeFrom = (mail: Mail) => mail.text.match(/\b(\d{6})\b/)?.[1] ?? ''

/** A confirmed account without a second factor, made through the API (and not signed in). */
export const createAccount = async (request: APIRequestContext): Promise<Account> => {
  const account = newAccount()
  const registered = await request.post('/api/register-user', {
    data: {
      login: account.login,
      email: account.email,
      display_name: account.displayName,
      password: account.password,
      password_confirmation: account.password,
      consent: true,
    },
  })
  expect(registered.status()).toBe(200)
  const { user_id: userId } = (await registered.json()) as { user_id: number }
  const [mail] = await mailsTo({ to: account.email })
  const verified = await request.post('/api/verify-otp', {
    data: { user_id: userId, code: codeFrom(mail) },
  })
  expect(verified.status()).toBe(200)
  // The code signed the account in: this request context goes on as a guest.
  await request.post('/api/users/logout')
  return account
}

export const fillSignIn = async ({
  page,
  login,
  password,
}: { page: Page } & Omit<Account, 'email' | 'displayName'>) => {
  await page.goto('/en/signin')
  await page.getByLabel('Login or email').fill(login)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

type Credentials = { page: Page; login: string; password?: string }

/** Signs a browser context in through the site's call (its session cookie), as the form does. */
export const signInThroughApi = async ({ page, login, password = DEMO_PASSWORD }: Credentials) => {
  const answer = await page.request.post('/api/login', { data: { login, password } })
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()) as { user_id: number; user: { token: string } }
}

/**
 * Signs `login` in through the site's own call, as the form does, and opens their profile: the
 * start of a journey about something else (the sign-in journeys themselves keep the form). The
 * session cookie lands in the page's browser context.
 */
export const startSignedIn = async (credentials: Credentials) => {
  const { page } = credentials
  await signInThroughApi(credentials)
  await page.goto('/en/profile')
  await expect(page).toHaveURL(/\/en\/profile$/)
}

export const signIn = async ({ page, account }: { page: Page; account: Account }) => {
  await fillSignIn({ page, login: account.login, password: account.password })
  await expect(page).toHaveURL(/\/en\/profile$/)
}

export const logOut = async (page: Page) => {
  await page.locator('summary', { hasText: 'Account menu' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
}

/**
 * What axe finds serious or critical on the page; `exclude` leaves out a part axe cannot enter
 * (a frame whose policy runs no script, as the widget's preview).
 */
export const seriousViolations = async (page: Page, { exclude }: { exclude?: string } = {}) => {
  // Colours are checked as they settle, not halfway through an opening menu's fade.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  // Only the violations are asked for: axe then leaves out the details of every rule that passed.
  const builder = new AxeBuilder({ page })
  const results = await (exclude ? builder.exclude(exclude) : builder)
    .options({ resultTypes: ['violations'] })
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)
}

/** A signed-in account's API token, from the site's own sign-in call. */
export const tokenOf = async (
  request: APIRequestContext,
  login: string,
  password = DEMO_PASSWORD,
) => {
  const answer = await request.post('/api/login', { data: { login, password } })
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { user: { token: string } }).user.token
}

/** A POST to `/api{path}` with `token`, which must succeed; its JSON answer. */
export const postAs = async (
  request: APIRequestContext,
  token: string,
  path: string,
  data: Record<string, unknown>,
) => {
  const answer = await request.post(`/api${path}`, {
    data,
    headers: { Authorization: `JWT ${token}` },
  })
  expect(answer.status(), `${path}: ${await answer.text()}`).toBeLessThan(300)
  return answer.json()
}

/** A value no other test run has used: for titles, slugs and addresses. */
export const unique = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`

/** The demo editor's API token, to write content through Payload's REST API as the admin does. */
export const editorToken = async (request: APIRequestContext) => {
  const signedIn = await request.post('/api/login', {
    data: { login: 'editor', password: DEMO_PASSWORD },
  })
  expect(signedIn.ok()).toBe(true)
  return ((await signedIn.json()) as { user: { token: string } }).user.token
}

/** The Payload admin's language from the next page on (its own cookie, as its settings set it). */
export const adminInLanguage = async (page: Page, language: 'ru' | 'en') => {
  const { origin } = new URL(page.url())
  await page.context().addCookies([{ name: 'payload-lng', value: language, url: origin }])
}

/** A width and theme a screen is looked at in, with a height near the device's own. */
export type ShotView = { width: number; height: number; theme: 'light' | 'dark' }

/** A laptop's and a phone's width, each in both themes: every screen is looked at in all four. */
export const SHOT_VIEWS: ShotView[] = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
].flatMap((size) => (['light', 'dark'] as const).map((theme) => ({ ...size, theme })))

/**
 * Screenshots for `npm run shots` (playwright.shots.config.ts), not a check: saves a screen in
 * each of SHOT_VIEWS as shots/<area>/<name>-<width>-<theme>.png, the area being the shots file's
 * name (`moderation` for tests/shots/moderation.shots.ts). `open` brings the screen up afresh in
 * each view, so that it is laid out for that width and theme from its start, as a visitor's
 * would be. The picture is of the whole page, of the window only (`fullPage: false`, for what
 * opens over the page, such as a menu), or of `part` only.
 */
export const shoot = async (
  page: Page,
  name: string,
  open: (view: ShotView) => Promise<unknown>,
  { part, fullPage = true }: { part?: Locator; fullPage?: boolean } = {},
) => {
  const info = test.info()
  const folder = join(info.project.outputDir, basename(info.file, '.shots.ts'))
  for (const view of SHOT_VIEWS) {
    await page.setViewportSize({ width: view.width, height: view.height })
    await page.emulateMedia({ colorScheme: view.theme })
    await open(view)
    await settled(page)
    const path = join(folder, `${name}-${view.width}-${view.theme}.png`)
    // Menus and notices that fade in are taken as they end, not halfway.
    if (part) await part.screenshot({ path, animations: 'disabled' })
    else await page.screenshot({ path, fullPage, animations: 'disabled' })
  }
}

/** A resource a test made for itself: its id, slug, title and English page. */
export type OwnResource = { id: number; slug: string; title: string; path: string }

const ownResource = (doc: { id: number; slug: string; type: ResourceType }, title: string) => ({
  id: doc.id,
  slug: doc.slug,
  title,
  path: `/en/resources/${prefixOf(doc.type)}/${doc.slug}`,
})

/**
 * A published resource of `type` that only this test knows, made by the demo admin through
 * Payload's REST API and owned by nobody: what a test reviews, votes on, reports or measures,
 * instead of a demo resource whose reviews and counts other files read.
 */
export const createResource = async (
  request: APIRequestContext,
  {
    type = 'shop',
    title = `Own ${type} ${unique()}`,
  }: { type?: ResourceType; title?: string } = {},
): Promise<OwnResource> => {
  const created = await request.post('/api/resources?locale=en', {
    headers: { Authorization: `JWT ${await tokenOf(request, 'admin')}` },
    data: { type, title, links: [{ url: 'https://example.com' }], status: 'published' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number; slug: string } }
  return ownResource({ ...doc, type }, title)
}

/**
 * Adds a resource as the member whose token is `ownerToken`, as the add-resource form does (a
 * plain member who adds one becomes its owner), and has the demo admin publish it.
 */
export const addOwnResource = async (
  request: APIRequestContext,
  ownerToken: string,
  {
    type = 'shop',
    title = `Own ${type} ${unique()}`,
  }: { type?: ResourceType; title?: string } = {},
): Promise<OwnResource> => {
  const { resource } = (await postAs(request, ownerToken, '/save-resource', {
    type,
    title_en: title,
    links: ['https://example.com'],
  })) as { resource: { id: number } }
  const published = await request.patch(`/api/resources/${resource.id}`, {
    headers: { Authorization: `JWT ${await tokenOf(request, 'admin')}` },
    data: { status: 'published' },
  })
  expect(published.status(), await published.text()).toBe(200)
  const { doc } = (await published.json()) as { doc: { id: number; slug: string } }
  return ownResource({ ...doc, type }, title)
}

/**
 * An owner no other test shares: a new account that has added a published resource of its own.
 * A journey about an owner's resources, employees, requests or figures works as one, so that it
 * neither adds to the demo owner's lists (which other files read a page of) nor reads rows that
 * other files added there.
 */
export const createOwner = async (
  request: APIRequestContext,
  resource: { type?: ResourceType; title?: string } = {},
) => {
  const account = await createAccount(request)
  const token = await tokenOf(request, account.login, account.password)
  return { account, token, resource: await addOwnResource(request, token, resource) }
}

/**
 * The row in `scope`'s list that holds `text`, turning the list's pages until it shows: a queue
 * shows the longest waiting first, so a new row may sit on a later page behind what other files
 * left waiting. `call` is the list's API path, whose answer each turn waits for.
 */
export const rowOnSomePage = async ({
  page,
  scope,
  text,
  call,
}: {
  page: Page
  scope: Locator
  text: string
  call: string
}) => {
  const row = scope.getByRole('listitem').filter({ hasText: text })
  const next = scope.getByRole('button', { name: 'Next' })
  for (;;) {
    await expect(row.or(next).first()).toBeVisible()
    if (await row.count()) return row
    await expect(next).toBeEnabled()
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api${call}`,
    )
    await next.click()
    await answered
  }
}

/**
 * Where Next's full-route cache stands on `path`: HIT when it served the page, MISS when it
 * rendered it, STALE when it served one past its 60 s while rendering it anew.
 */
export const cacheStateOf = async (request: APIRequestContext, path: string) =>
  (await request.get(path)).headers()['x-nextjs-cache']

/**
 * Visits `path` until the cache serves it, having seen it rendered first: the entry served is
 * then this test's own, young enough that its 60 s cannot run out while the test runs (a test
 * takes 30 s at most), so a HIT or a miss read later is down to what the test did. An entry
 * another file left could be 59 s old. A page no write of this test has expired is not rendered
 * again in time: expire it first (a write it shows), or use a page of the test's own.
 */
export const cacheAfresh = async (request: APIRequestContext, path: string) => {
  let rendered = false
  await expect
    .poll(
      async () => {
        const state = await cacheStateOf(request, path)
        rendered ||= state !== 'HIT'
        return rendered && state === 'HIT'
      },
      { message: `${path} rendered, then served from the cache` },
    )
    .toBe(true)
}
