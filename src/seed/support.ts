import type { Payload, Where } from 'payload'
import sharp from 'sharp'

import type { User } from '@payload-types'

/** A demo account by login (the users seed made them). */
const account = async (payload: Payload, username: string) =>
  (
    await payload.find({
      collection: 'users',
      where: { username: { equals: username } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    })
  ).docs[0] as User | undefined

const resourceId = async (payload: Payload, slug: string) =>
  (
    await payload.find({
      collection: 'resources',
      where: { slug: { equals: slug } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    })
  ).docs[0]?.id

/** A drawn screenshot for a demo file: a grey "page" with a few bars, 640×400. */
const screenshot = (hue: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
        <rect width="640" height="400" fill="hsl(${hue},20%,94%)"/>
        <rect width="640" height="56" fill="hsl(${hue},55%,40%)"/>
        <rect x="32" y="96" width="420" height="24" rx="6" fill="hsl(${hue},15%,70%)"/>
        <rect x="32" y="144" width="560" height="16" rx="6" fill="hsl(${hue},15%,80%)"/>
        <rect x="32" y="176" width="500" height="16" rx="6" fill="hsl(${hue},15%,80%)"/>
        <rect x="32" y="240" width="180" height="44" rx="8" fill="hsl(${hue},60%,45%)"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer()

const attach = async (payload: Payload, uploader: User, name: string, hue: number) => {
  const data = await screenshot(hue)
  const file = await payload.create({
    collection: 'attachments',
    data: {},
    file: { data, mimetype: 'image/png', name, size: data.length },
    user: uploader,
    overrideAccess: true,
  })
  return file.id
}

type DemoMessage = { from: 'author' | 'support'; body: string; file?: string }
type DemoTicket = {
  login: string
  subject: string
  messages: DemoMessage[]
  /** The author has read support's last answer. */
  read?: boolean
  closed?: boolean
}

const DEMO_TICKETS: DemoTicket[] = [
  {
    login: 'user',
    subject: 'Не приходит код подтверждения на почту',
    messages: [
      {
        from: 'author',
        body: 'Здравствуйте! Пытаюсь сменить e-mail в профиле, но код подтверждения не приходит уже полчаса. Папку «Спам» проверила.',
        file: 'profile-screenshot.png',
      },
      {
        from: 'support',
        body: 'Здравствуйте, Юлия! Письмо ушло повторно. Если его снова не будет, напишите, пожалуйста, домен вашей почты — проверим, не отклоняет ли он наши письма.',
      },
    ],
  },
  {
    login: 'user',
    subject: 'Как удалить свой отзыв?',
    messages: [
      {
        from: 'author',
        body: 'Оставила отзыв не тому магазину. Где его можно удалить?',
      },
    ],
  },
  {
    login: 'user',
    subject: 'Ошибка при загрузке аватара',
    messages: [
      {
        from: 'author',
        body: 'Аватар в формате HEIC не загружается — пишет, что тип файла не разрешён.',
      },
      {
        from: 'support',
        body: 'Аватар может быть JPG или PNG до 500 КБ. Сохраните фото в одном из этих форматов, и всё получится.',
      },
      { from: 'author', body: 'Получилось, спасибо!' },
    ],
    read: true,
    closed: true,
  },
  {
    login: 'owner',
    subject: 'Как добавить сотрудника для магазина?',
    messages: [
      {
        from: 'author',
        body: 'Хочу, чтобы оператор отвечал на отзывы о моём магазине. Как дать ему доступ?',
      },
      {
        from: 'support',
        body: 'Создайте сотруднику учётную запись с ролью «Оператор магазина» в разделе «Сотрудники»: он сможет работать только с вашими магазинами.',
      },
    ],
    read: true,
  },
]

/** A verification request's life in the demo: its moves after `sent`, with the moderator's answers. */
type DemoRequest = {
  slug: string
  login: string
  message: string
  moves: { status: 'awaitingReview' | 'approved' | 'rejected' | 'revoked'; answer?: string }[]
}

const DEMO_REQUESTS: DemoRequest[] = [
  {
    slug: 'bazaar-one',
    login: 'owner',
    message: 'Прилагаю скриншот панели управления площадкой.',
    moves: [
      { status: 'approved' },
      { status: 'revoked', answer: 'Домен сменил владельца: подтвердите права заново.' },
    ],
  },
  {
    slug: 'bazaar-one',
    login: 'owner',
    message: 'Повторная заявка: домен снова на нас, прилагаю свежий скриншот.',
    moves: [{ status: 'awaitingReview' }, { status: 'approved' }],
  },
  {
    slug: 'spice-shop',
    login: 'store-operator',
    message: 'Скриншот раздела «Настройки магазина» с нашим логотипом.',
    moves: [{ status: 'approved' }],
  },
  {
    slug: 'book-nook',
    login: 'owner',
    message: 'Подтверждаю, что магазин наш.',
    moves: [
      {
        status: 'rejected',
        answer: 'На скриншоте не видно адреса сайта. Пришлите снимок, где он виден.',
      },
    ],
  },
  {
    slug: 'book-nook',
    login: 'owner',
    message: 'Новый скриншот: адрес сайта виден в строке браузера.',
    moves: [],
  },
  {
    slug: 'garden-talk',
    login: 'forum-operator',
    message: 'Скриншот админки форума и письмо регистратора домена.',
    moves: [{ status: 'awaitingReview' }],
  },
]

/**
 * Demo tickets in each state (waiting, answered unread, answered read, closed) and verification
 * requests in each state, made through the collections (so their hooks keep the threads' states,
 * the histories and the resources' badges); each only when it is not there yet.
 */
export const seedSupport = async ({ payload }: { payload: Payload }) => {
  const admin = await account(payload, 'admin')
  if (!admin) return 0
  let created = 0
  for (const [index, demo] of DEMO_TICKETS.entries()) {
    const author = await account(payload, demo.login)
    if (!author) continue
    const where: Where = {
      and: [{ author: { equals: author.id } }, { subject: { equals: demo.subject } }],
    }
    if ((await payload.count({ collection: 'tickets', where, overrideAccess: true })).totalDocs) {
      continue
    }
    const ticket = await payload.create({
      collection: 'tickets',
      data: { subject: demo.subject, author: author.id, status: 'open' },
      user: author,
      overrideAccess: true,
    })
    for (const message of demo.messages) {
      const writer = message.from === 'support' ? admin : author
      const attachments = message.file
        ? [await attach(payload, writer, message.file, 200 + index * 40)]
        : []
      await payload.create({
        collection: 'ticket-messages',
        data: { ticket: ticket.id, body: message.body, attachments },
        user: writer,
        overrideAccess: true,
      })
    }
    if (demo.read || demo.closed) {
      await payload.update({
        collection: 'tickets',
        id: ticket.id,
        data: { unreadByAuthor: false, ...(demo.closed ? { status: 'closed' as const } : {}) },
        user: admin,
        overrideAccess: true,
      })
    }
    created += 1
  }
  for (const [index, demo] of DEMO_REQUESTS.entries()) {
    const requester = await account(payload, demo.login)
    const resource = await resourceId(payload, demo.slug)
    if (!requester || !resource) continue
    const where: Where = {
      and: [{ resource: { equals: resource } }, { message: { equals: demo.message } }],
    }
    const exists = await payload.count({
      collection: 'verification-requests',
      where,
      overrideAccess: true,
    })
    if (exists.totalDocs) continue
    // The demo resources start verified or not as the directory's seed made them; a request's
    // approval is what verifies one here, as on the site.
    await payload.update({
      collection: 'resources',
      id: resource,
      data: { verified: false },
      overrideAccess: true,
    })
    const file = await attach(payload, requester, `${demo.slug}-proof.png`, 120 + index * 30)
    const request = await payload.create({
      collection: 'verification-requests',
      data: { resource, message: demo.message, attachments: [file], status: 'sent' },
      user: requester,
      overrideAccess: true,
    })
    for (const move of demo.moves) {
      await payload.update({
        collection: 'verification-requests',
        id: request.id,
        data: { status: move.status, answer: move.answer },
        user: admin,
        overrideAccess: true,
      })
    }
    created += 1
  }
  return created
}
