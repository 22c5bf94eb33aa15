import { expect } from '@playwright/test'

import { oathtoolCode } from '../helpers/secondFactor'

import { settled } from './settled'
import {
  adminInLanguage,
  createAccount,
  createOwner,
  fillSignIn,
  postAs,
  seriousViolations,
  signInThroughApi,
  startSignedIn,
  test,
  tokenOf,
} from './support'

/**
 * "Delete my account" (the privacy page, src/app/(frontend)/[locale]/(inner)/profile/privacy):
 * a member reads what goes and what stays, gives the password and the second factor again,
 * confirms, and is gone; an owner is told what to do with their resources first; an admin deletes
 * an account in the Payload admin and finds it in the deletions' log.
 */
test('a member with the authenticator app deletes their account, in Russian on a phone', async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  await page.setViewportSize({ width: 390, height: 844 })
  // Signed in first, then the app turned on with the session's token: its code is spent now.
  const token = await tokenOf(page.request, account.login, account.password)
  const { secret } = (await (
    await page.request.get('/api/generate-qr-code', { headers: { Authorization: `JWT ${token}` } })
  ).json()) as { secret: string }
  await postAs(page.request, token, '/verify-otp-settings', { code: oathtoolCode({ secret }) })

  await page.goto('/profile/privacy')
  const section = page.getByRole('region', { name: 'Удалить аккаунт' })
  await expect(section.getByRole('heading', { name: 'Удаляется сразу' })).toBeVisible()
  await expect(section.getByTestId('deletion-kept')).toContainText(
    'Сообщения в чате — от имени «Удалённый участник».',
  )
  await section.getByLabel('Пароль').fill(account.password)
  await section.getByLabel('Код из приложения-аутентификатора').fill('000000')
  await section.getByRole('button', { name: 'Удалить аккаунт' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить навсегда' }).click()
  await expect(section.getByText('Неверный одноразовый код')).toBeVisible()

  await section
    .getByLabel('Код из приложения-аутентификатора')
    .fill(oathtoolCode({ secret, offsetSeconds: 30 }))
  await section.getByRole('button', { name: 'Удалить аккаунт' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Удалить аккаунт навсегда?' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Удалить навсегда' }).click()
  // Signed out, on the sign-in page, which says it is done.
  await expect(page).toHaveURL(/\/signin\?deleted=1$/)
  await expect(
    page.getByText('Аккаунт удалён. Все сеансы завершены. Спасибо, что были с нами.'),
  ).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  // The old login is as unknown as one that never was.
  const signIn = (login: string) =>
    page.request.post('/api/login', { data: { login, password: account.password } })
  const again = await signIn(account.login)
  const never = await signIn(`nobody${Date.now()}`)
  expect([again.status(), (await again.json()).message]).toEqual([
    never.status(),
    (await never.json()).message,
  ])
})

test('a member deletes their account with the password, in English, and cannot sign in again', async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  await signInThroughApi({ page, login: account.login, password: account.password })
  await page.goto('/en/profile/privacy')
  await settled(page)
  expect(await seriousViolations(page)).toEqual([])
  const section = page.getByRole('region', { name: 'Delete my account' })
  await section.getByLabel('Password').fill('not-my-password')
  await section.getByRole('button', { name: 'Delete my account' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click()
  await expect(section.getByText('The current password is incorrect')).toBeVisible()

  // Cancelled, nothing happens.
  await section.getByLabel('Password').fill(account.password)
  await section.getByRole('button', { name: 'Delete my account' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/en\/profile\/privacy$/)

  await section.getByRole('button', { name: 'Delete my account' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click()
  await expect(page).toHaveURL(/\/en\/signin\?deleted=1$/)
  await expect(page.getByText('Your account is deleted and every session has ended.')).toBeVisible()
  await fillSignIn({ page, login: account.login, password: account.password })
  await expect(page.getByRole('alert').first()).toBeVisible()
  await expect(page).toHaveURL(/\/en\/signin/)
})

test('an owner is told to transfer or delete their resources first, at a phone’s width', async ({
  page,
  request,
}) => {
  const { account, resource } = await createOwner(request)
  await page.setViewportSize({ width: 390, height: 844 })
  await signInThroughApi({ page, login: account.login, password: account.password })
  await page.goto('/en/profile/privacy')
  const section = page.getByRole('region', { name: 'Delete my account' })
  const refused = section.getByTestId('delete-refused')
  await expect(refused).toContainText('First transfer your resources to another account')
  await expect(refused.getByRole('listitem')).toHaveText([resource.title])
  await expect(refused.getByRole('link', { name: 'My resources' })).toHaveAttribute(
    'href',
    '/en/account',
  )
  await expect(section.getByLabel('Password')).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page), 'dark').toEqual([])
})

test('an admin deletes a member in the admin and finds the deletion in the log', async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  const adminToken = await tokenOf(request, 'admin')
  const found = (await (
    await request.get(`/api/users?where[username][equals]=${account.login}`, {
      headers: { Authorization: `JWT ${adminToken}` },
    })
  ).json()) as { docs: { id: number }[] }
  const id = found.docs[0].id

  await startSignedIn({ page, login: 'admin' })
  await adminInLanguage(page, 'en')
  await page.goto(`/admin/collections/users/${id}`)
  // The document's menu (its button has no name of Payload's), then Delete and its confirmation.
  await page.locator('.doc-controls__dots').click()
  await page.locator('#action-delete').click()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/users(\?|$)/)

  await page.goto('/admin/collections/account-deletions')
  await expect(page.getByRole('heading', { level: 1, name: 'Account deletion log' })).toBeVisible()
  const row = page.locator('tbody tr').first()
  await expect(row).toContainText('An admin')
  await expect(row).not.toContainText(account.login)
})

test("an admin deletes a member's account on the site's users screen, in Russian", async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  await signInThroughApi({ page, login: 'admin' })
  await page.goto('/users')
  await page.getByLabel('Найти пользователя').fill(account.login)
  await page.getByRole('search', { name: 'Фильтры' }).getByRole('button', { name: 'Найти' }).click()
  const row = page.getByRole('listitem').filter({ hasText: account.displayName })
  await expect(row).toHaveCount(1)
  await row
    .getByRole('button', { name: `Удалить аккаунт ${account.displayName}`, exact: true })
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading')).toHaveText(`Удалить аккаунт «${account.displayName}»?`)
  await dialog.getByRole('button', { name: 'Удалить навсегда' }).click()
  await expect(page.getByText(`Аккаунт «${account.displayName}» удалён.`)).toBeVisible()
  await expect(row).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
})
