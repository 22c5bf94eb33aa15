import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { type Page, expect } from '@playwright/test'

import {
  cacheAfresh,
  cacheStateOf,
  createAccount,
  createOwner,
  createResource,
  postAs,
  seriousViolations,
  signIn,
  test,
  tokenOf,
} from './support'

/**
 * The badge and the widget on an owner's own site (issue 47): a plain HTML page of another origin
 * (a server of the test's own, on 127.0.0.1, while the app is on localhost) shows them in
 * Chromium, in both themes; the same page cannot frame an ordinary page of the site.
 */
const otherSite = async (html: string) => {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() }
}

const embedsPage = (base: string, resource: { slug: string }, framed: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>An owner's own site</title></head>
<body style="font-family: sans-serif; margin: 16px">
<h1>Our shop</h1>
${['light', 'dark']
  .map(
    (theme) => `<section style="padding: 12px; background: ${theme === 'dark' ? '#111' : '#fff'}">
${['s', 'm', 'l']
  .map(
    (size) =>
      `<a href="${base}/en/resources/shops/${resource.slug}"><img id="badge-${theme}-${size}" src="${base}/badge/shops/${resource.slug}.svg?theme=${theme}&lang=en&size=${size}" alt="Reviews"></a>`,
  )
  .join('\n')}
<iframe name="widget-${theme}" src="${base}/widget/shops/${resource.slug}?theme=${theme}&lang=en" title="Reviews" width="360" height="500" style="border:0"></iframe>
</section>`,
  )
  .join('\n')}
<iframe name="ordinary" src="${base}${framed}" title="A page of the site" width="360" height="200"></iframe>
</body></html>`

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const loadedImage = (page: Page, id: string) =>
  page.locator(`#${id}`).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)

test.describe('badge and widget on another site', () => {
  test('should show the badges and the widget in both themes, and refuse to frame an ordinary page', async ({
    page,
    request,
    baseURL,
  }) => {
    const shop = await createResource(request, { type: 'shop' })
    const account = await createAccount(request)
    await postAs(request, await tokenOf(request, account.login, account.password), '/add-reviews', {
      resource_id: shop.id,
      grade: 4,
      comment: 'Delivered in two days, well packed.',
    })
    const site = await otherSite(embedsPage(baseURL!, shop, shop.path))
    try {
      await page.goto(site.url)
      for (const theme of ['light', 'dark']) {
        for (const size of ['s', 'm', 'l']) {
          await expect.poll(() => loadedImage(page, `badge-${theme}-${size}`)).toBeGreaterThan(60)
        }
        const widget = page.frameLocator(`iframe[name="widget-${theme}"]`)
        await expect(widget.getByRole('link', { name: shop.title })).toBeVisible()
        await expect(widget.getByText('Delivered in two days, well packed.')).toBeVisible()
        await expect(widget.getByText('1 review', { exact: true })).toBeVisible()
      }
      // An ordinary page refuses the frame: Chromium shows its own error page in its place.
      await expect
        .poll(() =>
          page
            .frames()
            .find((frame) => frame.name() === 'ordinary')
            ?.url(),
        )
        .toMatch(/^chrome-error:/)

      // The widget's links open the site in a tab of its own, outside the widget's sandbox.
      const [tab] = await Promise.all([
        page.waitForEvent('popup'),
        page
          .frameLocator('iframe[name="widget-light"]')
          .getByRole('link', { name: /All reviews/ })
          .click(),
      ])
      await expect(tab).toHaveURL(new RegExp(`${shop.path}$`))
      await expect(tab.getByRole('heading', { level: 1 })).toContainText(shop.title)
    } finally {
      site.close()
    }
  })

  test('should let any site frame the widget only, run nothing in it, and let browsers keep both for minutes', async ({
    request,
  }) => {
    const shop = await createResource(request, { type: 'shop' })
    const widgetPath = `/widget/shops/${shop.slug}?theme=dark&lang=en`
    const badgePath = `/badge/shops/${shop.slug}.svg?size=l`
    await cacheAfresh(request, widgetPath)
    await cacheAfresh(request, badgePath)
    const widget = (await request.get(widgetPath)).headers()
    expect(widget['x-nextjs-cache']).toBe('HIT')
    expect(widget['x-frame-options']).toBeUndefined()
    expect(widget['content-security-policy']).toContain('frame-ancestors *')
    expect(widget['content-security-policy']).toContain("default-src 'none'")
    expect(widget['content-security-policy']).not.toContain('script-src')
    expect(widget['cache-control']).toBe('public, max-age=300')
    expect(widget['content-type']).toBe('text/html; charset=utf-8')
    expect(widget['set-cookie']).toBeUndefined()
    const badge = (await request.get(badgePath)).headers()
    expect(badge['x-nextjs-cache']).toBe('HIT')
    expect(badge['x-frame-options']).toBe('DENY')
    expect(badge['cache-control']).toBe('public, max-age=300')
    expect(badge['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(badge['x-content-type-options']).toBe('nosniff')
    // Every other page still refuses framing.
    for (const path of ['/en/resources/shops', shop.path, '/en/widget/shops/x']) {
      const headers = (await request.get(path)).headers()
      expect(headers['x-frame-options'], path).toBe('DENY')
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
    }
  })

  test('should answer 404 for what names no published resource, never a 500', async ({
    request,
  }) => {
    const shop = await createResource(request, { type: 'shop' })
    for (const path of [
      '/badge/shops/no-such-resource.svg',
      `/badge/forums/${shop.slug}.svg`,
      `/badge/shops/${shop.slug}`,
      '/badge/shops/%zz.svg',
      '/badge/shops/%00.svg',
      `/badge/shops/${'x'.repeat(3000)}.svg`,
      '/widget/nonsense/x',
      '/widget/shops/%ff',
      `/widget/shops/${shop.slug}/extra`,
    ]) {
      // Next itself refuses a NUL in a path (400) before any route; all else is the embed's 404.
      expect([400, 404], path).toContain((await request.get(path)).status())
    }
    expect((await request.get(`/badge/shops/${shop.slug}.svg?theme=%zz&size=%00`)).status()).toBe(
      200,
    )
  })

  test('should be drawn anew after a new review and a status change', async ({ request }) => {
    const forum = await createResource(request, { type: 'forum' })
    const badgePath = `/badge/forums/${forum.slug}.svg?lang=en`
    const widgetPath = `/widget/forums/${forum.slug}?lang=en`
    await cacheAfresh(request, badgePath)
    await cacheAfresh(request, widgetPath)
    const account = await createAccount(request)
    await postAs(request, await tokenOf(request, account.login, account.password), '/add-reviews', {
      resource_id: forum.id,
      grade: 5,
      comment: 'Kind moderators and a lively board.',
    })
    await expect.poll(async () => (await request.get(badgePath)).text()).toContain('>1 review<')
    await expect
      .poll(async () => (await request.get(widgetPath)).text())
      .toContain('Kind moderators and a lively board.')

    const marked = await request.patch(`/api/resources/${forum.id}`, {
      headers: { Authorization: `JWT ${await tokenOf(request, 'admin')}` },
      data: { publicStatus: 'scam', publicStatusReason: 'Took deposits and vanished' },
    })
    expect(marked.status()).toBe(200)
    // A status change refreshes at once: the next visit waits for the new badge.
    expect(await cacheStateOf(request, badgePath)).not.toBe('STALE')
    expect(await (await request.get(badgePath)).text()).toContain('⚠ Scam')
  })
})

test.describe('My resources: badge and widget', () => {
  test('should give the code with the site’s address and a live preview', async ({
    page,
    request,
    baseURL,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    const owner = await createOwner(request, { type: 'shop' })
    await signIn({ page, account: owner.account })
    await page.goto('/en/account')
    const item = page.getByRole('listitem').filter({ hasText: owner.resource.title })
    await item.getByText('Badge and widget for your site').click()
    const badgeCode = item.getByLabel('Badge code')
    await expect(badgeCode).toHaveValue(
      `<a href="${baseURL}${owner.resource.path}" target="_blank" rel="noopener"><img src="${baseURL}/badge/shops/${owner.resource.slug}.svg?lang=en" alt="${owner.resource.title}: reviews and rating on Obzor"></a>`,
    )
    await item.getByLabel('Theme').selectOption('dark')
    await item.getByLabel('Badge size').selectOption('l')
    await item.getByLabel('Language').selectOption('ru')
    const badgeUrl = `${baseURL}/badge/shops/${owner.resource.slug}.svg?theme=dark&lang=ru&size=l`
    await expect(badgeCode).toHaveValue(
      new RegExp(escaped(`src="${badgeUrl.replace(/&/g, '&amp;')}"`)),
    )
    await expect(item.getByLabel('Widget code')).toHaveValue(
      new RegExp(
        `<iframe src="${baseURL}/widget/shops/${owner.resource.slug}\\?theme=dark&amp;lang=ru"`,
      ),
    )
    // The preview shows the chosen badge and widget as another site would.
    const preview = item.locator('.embed-preview img')
    await expect(preview).toHaveAttribute('src', badgeUrl.replace(baseURL!, ''))
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(60)
    await expect(
      item.frameLocator('.embed-preview iframe').getByRole('link', { name: owner.resource.title }),
    ).toBeVisible()
    await item.getByRole('button', { name: 'Copy code' }).first().click()
    await expect(item.getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      badgeUrl.replace(/&/g, '&amp;'),
    )
    // The preview's widget runs no script, so axe cannot enter it: the next test reads it alone.
    expect(await seriousViolations(page, { exclude: '.embed-preview iframe' })).toEqual([])
  })

  test('should be an accessible card in both themes', async ({ page, request }) => {
    const shop = await createResource(request, { type: 'shop' })
    const account = await createAccount(request)
    await postAs(request, await tokenOf(request, account.login, account.password), '/add-reviews', {
      resource_id: shop.id,
      grade: 2,
      comment: 'Slow to answer, but the parcel came.',
    })
    for (const theme of ['light', 'dark']) {
      // The widget's own HTML, outside its policy's sandbox, where axe's script may run.
      await page.setContent(
        await (await request.get(`/widget/shops/${shop.slug}?theme=${theme}`)).text(),
      )
      await expect(page.getByText('Slow to answer, but the parcel came.')).toBeVisible()
      expect(await seriousViolations(page), theme).toEqual([])
    }
  })
})
