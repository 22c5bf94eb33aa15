import { type APIRequestContext, type Page, expect } from '@playwright/test'

import { blocksToLexical } from '@/seed/lexical'

import {
  SAMPLE_PNG,
  createAccount,
  editorToken,
  seriousViolations,
  settled,
  startSignedIn,
  test,
  unique,
} from './support'

/**
 * The editors' pages and the FAQ on the public site: every footer link answers in both
 * languages, a question opens by a click and by its address, the contact form sends a file and
 * thanks, axe finds nothing serious, and the admin's live preview shows a draft to editors only.
 * What the tests read is written as an editor through Payload's REST API, as the admin does
 * (the demo content provides the same pages when it is seeded).
 */
/** A document with a heading, a paragraph with a link of this site, and a list. */
const richText = ({
  heading,
  paragraph,
  items,
}: {
  heading: string
  paragraph: string
  items: string[]
}) => blocksToLexical([{ h2: heading }, { p: `${paragraph} [FAQ](/faqs).` }, { ul: items }])

type Text = { title: string; heading: string; paragraph: string; items: string[] }

/** A document of `collection` in both languages, published unless `draft`; its id and slug. */
const write = async ({
  request,
  token,
  collection,
  ru,
  en,
  extra = {},
  draft = false,
}: {
  request: APIRequestContext
  token: string
  collection: 'pages' | 'faqs'
  ru: Record<string, unknown>
  en: Record<string, unknown>
  extra?: Record<string, unknown>
  draft?: boolean
}) => {
  const headers = { Authorization: `JWT ${token}` }
  const status = draft ? 'draft' : 'published'
  const created = await request.post(`/api/${collection}?locale=ru${draft ? '&draft=true' : ''}`, {
    headers,
    data: { ...extra, ...ru, _status: status },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number; slug: string } }
  const updated = await request.patch(
    `/api/${collection}/${doc.id}?locale=en${draft ? '&draft=true' : ''}`,
    { headers, data: { ...en, _status: status } },
  )
  expect(updated.ok(), await updated.text()).toBe(true)
  return doc
}

const pageFields = (page: Text) => ({ title: page.title, content: richText(page) })

const PAGES: Record<string, { ru: Text; en: Text }> = {
  'about-us': {
    ru: {
      title: 'О проекте',
      heading: 'Кто мы',
      paragraph:
        'Obzor — независимый каталог ресурсов с отзывами пользователей. Ответы на частые вопросы — в разделе',
      items: [
        'Проверяем владельцев ресурсов',
        'Не удаляем честные отзывы',
        'Не продаём места в рейтинге',
      ],
    },
    en: {
      title: 'About us',
      heading: 'Who we are',
      paragraph:
        'Obzor is an independent directory of resources with reviews by their users. Common questions are answered in the',
      items: [
        'We verify resource owners',
        'We never remove honest reviews',
        'Places in the rating are not for sale',
      ],
    },
  },
  contacts: {
    ru: {
      title: 'Контакты',
      heading: 'Как с нами связаться',
      paragraph: 'Пишите через форму на этой странице. Прежде чем писать, загляните в',
      items: ['Поддержка: support@example.com', 'Партнёрство: partners@example.com'],
    },
    en: {
      title: 'Contacts',
      heading: 'How to reach us',
      paragraph: 'Write to us with the form on this page. Before you write, have a look at the',
      items: ['Support: support@example.com', 'Partnerships: partners@example.com'],
    },
  },
  rules: {
    ru: {
      title: 'Правила сайта',
      heading: 'Отзывы',
      paragraph: 'Отзыв описывает ваш собственный опыт. Подробнее о модерации — в разделе',
      items: [
        'Без оскорблений и личных данных',
        'Один отзыв на ресурс',
        'Владелец отвечает публично',
      ],
    },
    en: {
      title: 'Site rules',
      heading: 'Reviews',
      paragraph: 'A review tells your own experience. More about moderation in the',
      items: [
        'No insults and no personal data',
        'One review per resource',
        'Owners reply in public',
      ],
    },
  },
}

/** The published page of `slug`, written unless the demo content has it already. */
const ensurePage = async (request: APIRequestContext, token: string, slug: string) => {
  const found = await request.get(`/api/pages?where[slug][equals]=${slug}&depth=0`)
  if (((await found.json()) as { totalDocs: number }).totalDocs > 0) return
  const { ru, en } = PAGES[slug]
  await write({
    request,
    token,
    collection: 'pages',
    ru: pageFields(ru),
    en: pageFields(en),
    extra: { slug },
  })
}

const FOOTER_PATHS = [
  '/about-us',
  '/contacts',
  '/faqs',
  '/news',
  '/posts',
  '/informations/rules',
  '/informations/privacy',
  '/chat',
  '/status-changes/rss.xml',
]

let faq: { slug: string; question: string; en: string }
let second: { slug: string; en: string }
let token: string

test.beforeAll(async ({ request }) => {
  token = await editorToken(request)
  for (const slug of Object.keys(PAGES)) await ensurePage(request, token, slug)
  const id = unique()
  const question = (ru: string, en: string, answer: Text, category: string) =>
    write({
      request,
      token,
      collection: 'faqs',
      ru: { question: ru, answer: richText(answer) },
      en: { question: en, answer: richText(answer) },
      extra: { category, order: 1 },
    })
  const answer = {
    title: '',
    heading: 'Коротко',
    paragraph: 'Откройте страницу ресурса и нажмите «Оставить отзыв». Ещё ответы — в разделе',
    items: ['Войдите в учётную запись', 'Поставьте оценку', 'Опишите свой опыт'],
  }
  const first = await question(
    `Как оставить отзыв ${id}?`,
    `How do I write a review ${id}?`,
    answer,
    'reviews',
  )
  faq = {
    slug: first.slug,
    question: `Как оставить отзыв ${id}?`,
    en: `How do I write a review ${id}?`,
  }
  const other = await question(
    `Как сменить пароль ${id}?`,
    `How do I change my password ${id}?`,
    { ...answer, heading: 'В профиле' },
    'account',
  )
  second = { slug: other.slug, en: `How do I change my password ${id}?` }
})

test.describe('the footer', () => {
  test('should lead to pages that answer 200 in both languages', async ({ page, request }) => {
    await page.goto('/en/faqs')
    const hrefs = await page
      .getByRole('contentinfo')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
    expect(hrefs).toEqual(FOOTER_PATHS.map((path) => `/en${path}`))
    const statuses: Record<string, number> = {}
    for (const path of FOOTER_PATHS) {
      for (const address of [path, `/en${path}`]) {
        statuses[address] = (await request.get(address)).status()
      }
    }
    expect(
      Object.values(statuses).every((status) => status === 200),
      JSON.stringify(statuses),
    ).toBe(true)
  })

  test('should send /informations/about-us to /about-us, and an unknown page to the 404 page', async ({
    page,
    request,
  }) => {
    await page.goto('/en/informations/about-us')
    await expect(page).toHaveURL(/\/en\/about-us$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us')
    expect((await request.get(`/informations/no-such-page-${unique()}`)).status()).toBe(404)
  })
})

test.describe('the FAQ', () => {
  const item = (page: Page, question: string) => page.locator('details', { hasText: question })

  test('should open a question by a click, and by its address', async ({ page }) => {
    await page.goto('/en/faqs')
    await expect(page.getByRole('heading', { level: 2, name: 'Reviews and ratings' })).toBeVisible()
    const question = item(page, faq.en)
    await expect(question).not.toHaveAttribute('open')
    await question.locator('summary').click()
    await expect(question).toHaveAttribute('open')
    await expect(question.getByRole('heading', { name: 'Коротко' })).toBeVisible()
    // A link of this site stays on it, in the reader's language.
    await expect(question.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/en/faqs')
    await expect(page).toHaveURL(new RegExp(`#${faq.slug}$`))

    // A fresh visit: a change of the fragment alone would keep the page and its open question.
    await page.goto('/en/about-us')
    await page.goto(`/en/faqs#${second.slug}`)
    await expect(item(page, second.en)).toHaveAttribute('open')
    await expect(item(page, faq.en)).not.toHaveAttribute('open')
    await page.evaluate((slug) => (window.location.hash = slug), faq.slug)
    await expect(item(page, faq.en)).toHaveAttribute('open')
  })

  test('should describe itself to search engines as an FAQPage', async ({ page }) => {
    await page.goto('/faqs')
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    ) as { '@type': string; mainEntity: { name: string }[] }
    expect(data['@type']).toBe('FAQPage')
    expect(data.mainEntity.map((q) => q.name)).toContain(faq.question)
  })
})

test.describe('the contact form', () => {
  test('should send a message with a file and thank the sender', async ({ page }) => {
    await page.goto('/en/contacts')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contacts')
    await page.getByLabel('Name').fill('Anna')
    await page.getByLabel('Email').fill(`anna${unique()}@example.com`)
    await page.getByLabel('Subject').fill('A question about verification')
    await page.getByLabel('Message').fill('Hello!\nHow long does verification take?')
    await page.getByLabel('Files').setInputFiles(SAMPLE_PNG)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible()
    await expect(page.getByLabel('Subject')).toHaveValue('')
  })

  test('should tell the file rules before sending', async ({ page }) => {
    await page.goto('/contacts')
    await page.getByLabel('Файлы').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain text'),
    })
    await expect(page.getByText('Недопустимый тип файла.')).toBeVisible()
  })
})

test.describe('the live preview', () => {
  test('should show a draft to editors only, framed by the admin alone', async ({
    page,
    request,
  }) => {
    const title = `Черновик страницы ${unique()}`
    const draft = await write({
      request,
      token,
      collection: 'pages',
      ru: pageFields({ ...PAGES.rules.ru, title }),
      en: pageFields({ ...PAGES.rules.en, title: `Draft page ${unique()}` }),
      draft: true,
    })
    const address = `/preview/pages/${draft.id}`
    expect((await page.goto(address))?.status()).toBe(404)
    expect((await request.get(`/informations/${draft.slug}`)).status()).toBe(404)

    await startSignedIn({ page, ...(await createAccount(request)) })
    expect((await page.goto(address))?.status()).toBe(404)

    await page.context().clearCookies()
    await startSignedIn({ page, login: 'editor' })
    const response = await page.goto(address)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    expect(response?.headers()['x-frame-options']).toBe('SAMEORIGIN')
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'")
    // Next may stream the metadata again at the end of the body: every copy says noindex.
    const robots = await page
      .locator('meta[name="robots"]')
      .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content') ?? ''))
    expect(robots.length).toBeGreaterThan(0)
    for (const content of robots) expect(content).toContain('noindex')
  })
})

// A test per screen and theme: each a few seconds, each naming its screen when it fails.
const SCREENS: Array<[string, () => string]> = [
  ['/faqs', () => '/faqs'],
  ['an answer on /en/faqs', () => `/en/faqs#${faq.slug}`],
  ['/contacts', () => '/contacts'],
  ['/en/contacts', () => '/en/contacts'],
  ['/about-us', () => '/about-us'],
  ['/en/informations/rules', () => '/en/informations/rules'],
]

for (const theme of ['light', 'dark'] as const) {
  for (const [name, address] of SCREENS) {
    test(`should have no serious accessibility violation on ${name}, ${theme} theme`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: theme })
      await page.goto(address())
      await settled(page)
      expect(await seriousViolations(page)).toEqual([])
    })
  }
}
