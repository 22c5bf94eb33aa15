import type { Payload } from 'payload'
import sharp from 'sharp'

import type { ArticleCollection } from '@/lib/content'

import { DEMO_FAQS, DEMO_NEWS, DEMO_PAGES, DEMO_POSTS, type DemoLogin } from './content'
import { blocksToLexical } from './lexical'
import { DEMO_USERS } from './users'

const DAY_MS = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString()

/** A hero picture drawn for the demo: a diagonal gradient of one hue, 1200×630. */
const heroPicture = (hue: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="hsl(${hue},70%,45%)"/>
          <stop offset="1" stop-color="hsl(${(hue + 50) % 360},75%,25%)"/>
        </linearGradient></defs>
        <rect width="1200" height="630" fill="url(#g)"/>
        <circle cx="960" cy="140" r="220" fill="hsla(${hue},90%,80%,0.18)"/>
        <circle cx="180" cy="560" r="160" fill="hsla(${hue},90%,85%,0.12)"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer()

const exists = async (
  payload: Payload,
  collection: 'news' | 'posts' | 'pages' | 'faqs',
  slug: string,
) =>
  (await payload.count({ collection, where: { slug: { equals: slug } }, overrideAccess: true }))
    .totalDocs > 0

/** Creates a document in Russian, then adds its English text. */
const createBilingual = async ({
  payload,
  collection,
  ru,
  en,
}: {
  payload: Payload
  collection: 'news' | 'posts' | 'pages' | 'faqs'
  ru: Record<string, unknown>
  en: Record<string, unknown>
}) => {
  const doc = await payload.create({
    collection,
    locale: 'ru',
    data: { ...ru, _status: 'published' } as never,
    context: { seeding: true },
  })
  await payload.update({
    collection,
    id: doc.id,
    locale: 'en',
    data: { ...en, _status: 'published' } as never,
    context: { seeding: true },
  })
  return doc
}

const seedArticles = async ({
  payload,
  collection,
  items,
  users,
}: {
  payload: Payload
  collection: ArticleCollection
  items: typeof DEMO_POSTS
  users: Map<string, number>
}) => {
  let created = 0
  for (const item of items) {
    if (await exists(payload, collection, item.slug)) continue
    const image = await payload.create({
      collection: 'media',
      locale: 'ru',
      data: { alt: item.title.ru },
      file: {
        data: await heroPicture(item.hue),
        mimetype: 'image/png',
        name: `${item.slug}.png`,
        size: 0,
      },
    })
    await payload.update({
      collection: 'media',
      id: image.id,
      locale: 'en',
      data: { alt: item.title.en },
    })
    const doc = await createBilingual({
      payload,
      collection,
      ru: {
        slug: item.slug,
        title: item.title.ru,
        excerpt: item.excerpt.ru,
        content: blocksToLexical(item.content.ru),
        heroImage: image.id,
        publishedAt: daysAgo(item.daysAgo),
        author: users.get('editor'),
      },
      en: {
        title: item.title.en,
        excerpt: item.excerpt.en,
        content: blocksToLexical(item.content.en),
      },
    })
    const comments = item.comments ?? []
    const made: (number | undefined)[] = []
    for (const comment of comments) {
      const author = users.get(comment.author)
      if (!author) continue
      const replyTo = comment.replyTo === undefined ? undefined : made[comment.replyTo]
      const { id } = await payload.create({
        collection: 'comments',
        data: {
          news: collection === 'news' ? doc.id : null,
          post: collection === 'posts' ? doc.id : null,
          author,
          text: comment.text,
          status: 'published',
          ...(replyTo ? { replyTo } : {}),
          createdAt: daysAgo(comment.daysAgo),
        },
      })
      made[comments.indexOf(comment)] = id
    }
    created += 1
  }
  return created
}

/**
 * The editors' demo content in both languages: the about-us, contacts, rules and privacy pages,
 * news and posts with hero pictures (and comments on the posts), and the FAQ.
 */
export const seedContent = async ({ payload }: { payload: Payload }) => {
  // The demo accounts by name: a database with other accounts (a test run's) may hold any number.
  const { docs } = await payload.find({
    collection: 'users',
    where: { username: { in: DEMO_USERS.map(({ username }) => username) } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  const users = new Map(docs.map((user) => [String(user.username) as DemoLogin | string, user.id]))
  let created = 0
  for (const page of DEMO_PAGES) {
    if (await exists(payload, 'pages', page.slug)) continue
    await createBilingual({
      payload,
      collection: 'pages',
      ru: { slug: page.slug, title: page.title.ru, content: blocksToLexical(page.content.ru) },
      en: { title: page.title.en, content: blocksToLexical(page.content.en) },
    })
    created += 1
  }
  created += await seedArticles({ payload, collection: 'news', items: DEMO_NEWS, users })
  created += await seedArticles({ payload, collection: 'posts', items: DEMO_POSTS, users })
  for (const faq of DEMO_FAQS) {
    if (await exists(payload, 'faqs', faq.slug)) continue
    await createBilingual({
      payload,
      collection: 'faqs',
      ru: {
        slug: faq.slug,
        category: faq.category,
        order: faq.order,
        question: faq.question.ru,
        answer: blocksToLexical(faq.answer.ru),
      },
      en: { question: faq.question.en, answer: blocksToLexical(faq.answer.en) },
    })
    created += 1
  }
  return created
}
