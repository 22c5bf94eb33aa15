import { expect } from '@playwright/test'

import { blocksToLexical } from '@/seed/lexical'

import {
  createAccount,
  createOwner,
  editorToken,
  postAs,
  shoot,
  startSignedIn,
  test,
  tokenOf,
  unique,
} from '../e2e/support'

/**
 * Issue 42, item 10: the notifications list, each a sentence and its snippet, in both languages,
 * and where a notification's link lands: a review on its resource's page, a reply among an
 * article's comments.
 */
test('notifications, and where their links land', async ({ page, request }) => {
  test.setTimeout(300_000)
  const { account: owner, resource: shop } = await createOwner(request, {
    title: `Садовые беседы ${unique()}`,
  })
  const [anna, boris] = await Promise.all([createAccount(request), createAccount(request)])
  const tokens = {
    owner: await tokenOf(request, owner.login, owner.password),
    anna: await tokenOf(request, anna.login, anna.password),
    boris: await tokenOf(request, boris.login, boris.password),
  }
  const { review } = (await postAs(request, tokens.anna, '/add-reviews', {
    resource_id: shop.id,
    grade: 3,
    comment:
      'Курьер приехал на неделю позже обещанного, но посылка пришла целой, а поддержка ответила на все вопросы о возврате денег и даже извинилась за задержку.',
  })) as { review: { id: number } }
  await postAs(request, tokens.boris, '/add-reviews', {
    resource_id: shop.id,
    grade: 5,
    comment: 'Всё пришло вовремя.',
  })

  // A post of the test's own, where the owner's comment gets a reply.
  const created = await request.post('/api/posts?locale=ru', {
    headers: { Authorization: `JWT ${await editorToken(request)}` },
    data: {
      title: `Как выбрать магазин ${unique()}`,
      content: blocksToLexical([{ p: 'Статья для обсуждения.' }]),
      _status: 'published',
    },
  })
  const { doc: post } = (await created.json()) as { doc: { id: number; slug: string } }
  const { comment } = (await postAs(request, tokens.owner, '/add-comment', {
    post_id: post.id,
    text: 'А как проверить отзывы?',
  })) as { comment: { id: number } }
  const { comment: reply } = (await postAs(request, tokens.anna, '/add-comment', {
    post_id: post.id,
    text: 'Смотрите, отвечает ли владелец, и на даты отзывов: десяток пятёрок за один день — повод насторожиться.',
    reply_to_id: comment.id,
  })) as { comment: { id: number } }
  await postAs(request, tokens.boris, '/add-chat-message', {
    text: `@${owner.login} посмотрите отзывы, пожалуйста`,
  })

  await startSignedIn({ page, login: owner.login, password: owner.password })
  for (const locale of ['ru', 'en'] as const) {
    await shoot(page, `list-${locale}`, async () => {
      await page.goto(locale === 'ru' ? '/notifications' : '/en/notifications')
      await expect(page.locator('.notification-snippet').first()).toBeVisible()
    })
  }
  await shoot(
    page,
    'review-landing',
    async () => {
      await page.goto(`/review/${review.id}`)
      await expect(page.locator(`#review-${review.id}`)).toBeInViewport()
    },
    { fullPage: false },
  )
  await shoot(
    page,
    'comment-landing',
    async () => {
      await page.goto(`/posts/${post.slug}#comment-${reply.id}`)
      await expect(page.locator(`#comment-${reply.id}`)).toBeFocused()
    },
    { fullPage: false },
  )
})
