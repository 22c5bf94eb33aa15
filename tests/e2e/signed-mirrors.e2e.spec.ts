import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { type APIRequestContext, type Page, expect } from '@playwright/test'

import { DEMO_PASSWORD } from '@/seed/users'

import { createAccount, newBrowserContext, signInThroughApi, test, unique } from './support'

/** A throw-away GnuPG home: the operators' own gpg, or a visitor's who checks a download. */
const startGnuPg = () => {
  const home = mkdtempSync(join(tmpdir(), 'e2e-mirrors-'))
  chmodSync(home, 0o700)
  const env = { ...process.env, GNUPGHOME: home }
  const run = (args: string[]) =>
    spawnSync('gpg', ['--batch', '--pinentry-mode', 'loopback', '--passphrase', '', ...args], {
      env,
      encoding: 'utf8',
      cwd: home,
    })
  const gpg = (args: string[]) => {
    const result = run(args)
    if (result.status !== 0) throw new Error(`gpg ${args[0]} failed: ${result.stderr}`)
    return result.stdout
  }
  return {
    home,
    run,
    gpg,
    stop: () => {
      spawnSync('gpgconf', ['--kill', 'gpg-agent'], { env })
      rmSync(home, { recursive: true, force: true })
    },
  }
}

const adminToken = async (request: APIRequestContext) => {
  const answer = await request.post('/api/login', {
    data: { login: 'admin', password: DEMO_PASSWORD },
  })
  return ((await answer.json()) as { user: { token: string } }).user.token
}

const linkItem = (page: Page, address: string) =>
  page.locator('.resource-links li', { hasText: address })

test.describe('signed mirror lists', () => {
  test('should let an owner publish a signed list that a visitor checks with gpg', async ({
    page,
    browser,
    request,
  }) => {
    const operators = startGnuPg()
    const visitorGpg = startGnuPg()
    try {
      operators.gpg(['--quick-gen-key', 'Shop ops <ops@example.com>', 'ed25519', 'sign', 'never'])
      const publicKey = operators.gpg(['--armor', '--export', 'ops@example.com'])
      const id = unique()
      const signed = `https://signed-${id}.example.com`
      const unsigned = `https://phish-${id}.example.com`

      // An owner of its own: the demo owner's list of resources, which other journeys read a
      // page of, stays as seeded.
      const account = await createAccount(request)
      const owner = await signInThroughApi({
        page,
        login: account.login,
        password: account.password,
      })
      const created = await page.request.post('/api/save-resource', {
        headers: { Authorization: `JWT ${owner.user.token}` },
        data: { type: 'shop', title_en: `Signed shop ${id}`, links: [signed, unsigned] },
      })
      expect(created.status(), await created.text()).toBe(200)
      const { resource } = (await created.json()) as { resource: { id: number; path: string } }
      const published = await request.patch(`/api/resources/${resource.id}`, {
        headers: { Authorization: `JWT ${await adminToken(request)}` },
        data: { status: 'published' },
      })
      expect(published.status()).toBe(200)

      await page.goto(`/en/add-resource?id=${resource.id}`)
      await page.getByRole('link', { name: 'PGP key and signed mirrors' }).click()
      await page.getByLabel('Public key (ASCII armor)').fill(publicKey)
      await page.getByRole('button', { name: 'Save the key' }).click()
      await expect(page.getByText('The key is saved.')).toBeVisible()

      writeFileSync(join(operators.home, 'mirrors.txt'), `Official addresses\n${signed}/\n`)
      operators.gpg(['--local-user', 'ops@example.com', '--clearsign', 'mirrors.txt'])
      const message = spawnSync('cat', [join(operators.home, 'mirrors.txt.asc')], {
        encoding: 'utf8',
      }).stdout
      await page.getByLabel('Signed message (mirrors.txt.asc)').fill(message)
      await page.getByRole('button', { name: 'Publish the list' }).click()
      await expect(page.getByText('The signed list is published.')).toBeVisible()
      await expect(page.locator('.mirrors-addresses')).toContainText(`${signed}/`)

      const visitorContext = await newBrowserContext(browser)
      const visitor = await visitorContext.newPage()
      await visitor.goto(`/en${resource.path}`)
      await expect(linkItem(visitor, signed)).toContainText("signed by the resource's key on")
      await expect(linkItem(visitor, unsigned)).toContainText('unsigned')

      const listFile = join(visitorGpg.home, 'mirrors.txt.asc')
      const keyFile = join(visitorGpg.home, 'key.asc')
      const [listDownload] = await Promise.all([
        visitor.waitForEvent('download'),
        visitor.getByRole('link', { name: 'Download the signed list' }).click(),
      ])
      expect(listDownload.suggestedFilename()).toMatch(/mirrors\.txt\.asc$/)
      await listDownload.saveAs(listFile)
      const [keyDownload] = await Promise.all([
        visitor.waitForEvent('download'),
        visitor.getByRole('link', { name: 'Download the public key' }).click(),
      ])
      await keyDownload.saveAs(keyFile)
      await visitorContext.close()

      visitorGpg.gpg(['--import', keyFile])
      const verified = visitorGpg.run(['--verify', listFile])
      expect(verified.status, verified.stderr).toBe(0)
      expect(verified.stderr).toContain('Good signature')
    } finally {
      operators.stop()
      visitorGpg.stop()
    }
  })
})
