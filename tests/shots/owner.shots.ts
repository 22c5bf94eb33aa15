import { expect } from '@playwright/test'

import { shoot, signInThroughApi, test } from '../e2e/support'

/**
 * What the seed's owner sees of their resources: "My resources" on the account page, which names
 * bazaar-one's down mirror, and the screen of bazaar-one's key and signed mirror list.
 */
test.describe('an owner’s resources', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi({ page, login: 'owner' })
  })

  test('my resources', async ({ page }) => {
    await shoot(page, 'my-resources-ru', () => page.goto('/account'))
    await shoot(page, 'my-resources-en', () => page.goto('/en/account'))
  })

  test('the key and the signed mirror list', async ({ page, request }) => {
    const found = await request.get('/api/resources?where[slug][equals]=bazaar-one&depth=0')
    const { docs } = (await found.json()) as { docs: { id: number }[] }
    expect(docs).toHaveLength(1)
    await shoot(page, 'signed-mirrors-ru', () =>
      page.goto(`/add-resource/mirrors?id=${docs[0].id}`),
    )
  })
})
