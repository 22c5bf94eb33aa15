import type { Payload } from 'payload'

import { plainToRichText } from '@/server/richText'
import type { Resource } from '@payload-types'

import { DEMO_MARKED_RESOURCES } from './statuses'

type Text = { ru: string; en: string }
export type DemoResource = {
  slug: string
  type: Resource['type']
  title: Text
  anons: Text
  description: Text
  links: string[]
  country: string
  verified?: boolean
  status?: Resource['status']
  /** Owned by the demo `owner` account. */
  owned?: boolean
}

/** Documented in README.md: the demo directory, three or so resources of each type. */
export const DEMO_RESOURCES: DemoResource[] = [
  {
    slug: 'bazaar-one',
    type: 'marketplace',
    title: { ru: 'Базар Один', en: 'Bazaar One' },
    anons: {
      ru: 'Крупная торговая площадка с защитой сделок',
      en: 'A large marketplace with escrow-protected deals',
    },
    description: {
      ru: 'Тысячи продавцов и покупателей.\nСделки проходят через гарант площадки.',
      en: 'Thousands of sellers and buyers.\nDeals go through the marketplace escrow.',
    },
    links: ['https://bazaar-one.example.com', 'https://mirror.bazaar-one.example.com'],
    country: 'RU',
    verified: true,
    owned: true,
  },
  {
    slug: 'silk-market',
    type: 'marketplace',
    title: { ru: 'Шёлковый рынок', en: 'Silk Market' },
    anons: { ru: 'Маркетплейс товаров ручной работы', en: 'A marketplace of handmade goods' },
    description: {
      ru: 'Мастера со всей страны продают свои работы.',
      en: 'Makers from all over the country sell their work.',
    },
    links: ['https://silk-market.example.com'],
    country: 'KZ',
  },
  {
    slug: 'tradehub',
    type: 'marketplace',
    title: { ru: 'ТрейдХаб', en: 'TradeHub' },
    anons: { ru: 'Площадка для оптовых закупок', en: 'A marketplace for wholesale buying' },
    description: {
      ru: 'Оптовые поставщики и проверенные покупатели.',
      en: 'Wholesale suppliers and vetted buyers.',
    },
    links: ['https://tradehub.example.com'],
    country: 'DE',
  },
  {
    slug: 'spice-shop',
    type: 'shop',
    title: { ru: 'Лавка пряностей', en: 'Spice Shop' },
    anons: { ru: 'Специи и чай со всего света', en: 'Spices and tea from all over the world' },
    description: {
      ru: 'Доставка по всей России за 3 дня.',
      en: 'Delivery across Russia in 3 days.',
    },
    links: ['https://spice-shop.example.com'],
    country: 'RU',
    verified: true,
    owned: true,
  },
  {
    slug: 'gadget-corner',
    type: 'shop',
    title: { ru: 'Уголок гаджетов', en: 'Gadget Corner' },
    anons: { ru: 'Электроника и аксессуары', en: 'Electronics and accessories' },
    description: { ru: 'Гарантия на всё 12 месяцев.', en: 'A 12-month warranty on everything.' },
    links: ['https://gadget-corner.example.com'],
    country: 'BY',
  },
  {
    slug: 'book-nook',
    type: 'shop',
    title: { ru: 'Книжный закуток', en: 'Book Nook' },
    anons: { ru: 'Редкие и новые книги', en: 'Rare and new books' },
    description: { ru: 'Букинистика и новинки.', en: 'Second-hand rarities and new releases.' },
    links: ['https://book-nook.example.com'],
    country: 'RU',
    status: 'pending',
    owned: true,
  },
  {
    slug: 'coders-forum',
    type: 'forum',
    title: { ru: 'Форум программистов', en: 'Coders Forum' },
    anons: { ru: 'Обсуждения разработки и карьеры', en: 'Talk about software and careers' },
    description: { ru: 'Более 100 тысяч участников.', en: 'Over 100,000 members.' },
    links: ['https://coders-forum.example.com'],
    country: 'RU',
    verified: true,
  },
  {
    slug: 'garden-talk',
    type: 'forum',
    title: { ru: 'Садовые беседы', en: 'Garden Talk' },
    anons: { ru: 'Сообщество садоводов', en: 'A community of gardeners' },
    description: { ru: 'Советы, фотографии и обмен семенами.', en: 'Tips, photos and seed swaps.' },
    links: ['https://garden-talk.example.com'],
    country: 'UA',
    owned: true,
  },
  {
    slug: 'swift-exchange',
    type: 'exchanger',
    title: { ru: 'Свифт Обмен', en: 'Swift Exchange' },
    anons: { ru: 'Быстрый обмен валют и криптовалют', en: 'Fast currency and crypto exchange' },
    description: {
      ru: 'Обмен за 5 минут, курсы обновляются каждую минуту.',
      en: 'Exchanges in 5 minutes, rates updated every minute.',
    },
    links: ['https://swift-exchange.example.com'],
    country: 'EE',
    verified: true,
  },
  {
    slug: 'coin-harbor',
    type: 'exchanger',
    title: { ru: 'Монетная гавань', en: 'Coin Harbor' },
    anons: { ru: 'Обменник с низкими комиссиями', en: 'An exchanger with low fees' },
    description: { ru: 'Поддержка 24/7.', en: 'Support around the clock.' },
    links: ['https://coin-harbor.example.com'],
    country: 'GE',
  },
  // The demo owner's exchangers, with rates feeds (src/seed/rates.ts): one sound, one down.
  {
    slug: 'ruble-bridge',
    type: 'exchanger',
    title: { ru: 'Рублёвый мост', en: 'Ruble Bridge' },
    anons: { ru: 'Криптовалюта на карты российских банков', en: 'Crypto to Russian bank cards' },
    description: {
      ru: 'Обмен криптовалюты на рубли и обратно, курсы обновляются каждую минуту.',
      en: 'Crypto to roubles and back, rates updated every minute.',
    },
    links: ['https://ruble-bridge.example.com'],
    country: 'KZ',
    verified: true,
    owned: true,
  },
  {
    slug: 'north-exchange',
    type: 'exchanger',
    title: { ru: 'Северный обмен', en: 'North Exchange' },
    anons: { ru: 'Обмен наличных и криптовалюты', en: 'Cash and crypto exchange' },
    description: {
      ru: 'Наличные в офисе и переводы на карты.',
      en: 'Cash at the office and transfers to cards.',
    },
    links: ['https://north-exchange.example.com'],
    country: 'AM',
    verified: true,
    owned: true,
  },
  // Marked by admins (warning, scam, closed, offline): src/seed/statuses.ts.
  ...DEMO_MARKED_RESOURCES,
]

type DemoReview = {
  slug: string
  author: string
  grade: number
  title?: string
  comment: string
  criteria: Record<string, number>
  /** `pending`: held by the review guard, waiting in the admins' queue (/moderation/reviews). */
  status?: 'pending'
  /** How long ago it was written (a held review is recent). */
  daysAgo: number
}

const DEMO_REVIEWS: DemoReview[] = [
  {
    slug: 'bazaar-one',
    daysAgo: 41,
    author: 'user',
    grade: 5,
    title: 'Гарант не подвёл',
    comment: 'Сделка прошла гладко, гарант сработал быстро.',
    criteria: { reliability: 5, support: 4 },
  },
  {
    slug: 'bazaar-one',
    daysAgo: 33,
    author: 'totp-user',
    grade: 4,
    title: 'Good sellers, pricey fees',
    comment: 'Good choice of sellers, fees are a bit high.',
    criteria: { fees: 3, security: 5 },
  },
  {
    slug: 'spice-shop',
    daysAgo: 27,
    author: 'user',
    grade: 5,
    title: 'Свежо и быстро',
    comment: 'Свежие специи, доставили за два дня.',
    criteria: { quality: 5, delivery: 5 },
  },
  {
    slug: 'gadget-corner',
    daysAgo: 19,
    author: 'totp-user',
    grade: 3,
    comment: 'The charger arrived late but works.',
    criteria: { delivery: 2, quality: 4 },
  },
  {
    slug: 'coders-forum',
    daysAgo: 15,
    author: 'user',
    grade: 4,
    comment: 'Полезные ответы, строгая модерация.',
    criteria: { moderation: 5, content: 4 },
  },
  {
    slug: 'swift-exchange',
    daysAgo: 12,
    author: 'user',
    grade: 2,
    title: 'Долго, но дошло',
    comment: 'Обмен занял час вместо пяти минут.',
    criteria: { speed: 1, support: 3 },
  },
  {
    slug: 'swift-exchange',
    daysAgo: 6,
    author: 'totp-user',
    grade: 4,
    comment: 'Fair rates, quick support.',
    criteria: { rates: 4, support: 5 },
  },
  {
    slug: 'swift-exchange',
    daysAgo: 0,
    author: 'chat-muted',
    grade: 5,
    title: 'Лучший обменник!!!',
    comment: 'Лучший обменник, всем советую, курс самый выгодный!!!',
    criteria: { rates: 5, support: 5 },
    status: 'pending',
  },
]

const idOf = async (payload: Payload, username: string) =>
  (await payload.find({ collection: 'users', where: { username: { equals: username } }, limit: 1 }))
    .docs[0]?.id

/** Creates the demo resources and reviews that do not exist yet. */
export const seedResources = async ({ payload }: { payload: Payload }) => {
  const ownerId = await idOf(payload, 'owner')
  let created = 0
  for (const demo of DEMO_RESOURCES) {
    const { totalDocs } = await payload.count({
      collection: 'resources',
      where: { slug: { equals: demo.slug } },
    })
    if (totalDocs) continue
    const resource = await payload.create({
      collection: 'resources',
      locale: 'ru',
      data: {
        slug: demo.slug,
        type: demo.type,
        title: demo.title.ru,
        anons: demo.anons.ru,
        description: plainToRichText(demo.description.ru),
        links: demo.links.map((url) => ({ url })),
        country: demo.country,
        verified: demo.verified ?? false,
        status: demo.status ?? 'published',
        owner: demo.owned ? ownerId : undefined,
      },
    })
    await payload.update({
      collection: 'resources',
      id: resource.id,
      locale: 'en',
      data: {
        title: demo.title.en,
        anons: demo.anons.en,
        description: plainToRichText(demo.description.en),
      },
    })
    created += 1
  }
  for (const review of DEMO_REVIEWS) {
    const [resource] = (
      await payload.find({
        collection: 'resources',
        where: { slug: { equals: review.slug } },
        limit: 1,
      })
    ).docs
    const author = await idOf(payload, review.author)
    if (!resource || !author) continue
    const { totalDocs } = await payload.count({
      collection: 'reviews',
      where: { resource: { equals: resource.id }, author: { equals: author } },
    })
    if (totalDocs) continue
    await payload.create({
      collection: 'reviews',
      data: {
        resource: resource.id,
        author,
        grade: review.grade,
        title: review.title,
        comment: review.comment,
        criteria: review.criteria,
        status: review.status ?? 'published',
        // Written over the past weeks, as a directory's reviews are: the demo accounts may write
        // today's reviews (REVIEW_GUARD.reviewsPerDay) and the page reads as lived in.
        createdAt: new Date(Date.now() - review.daysAgo * 86_400_000).toISOString(),
      },
    })
  }
  return created
}
