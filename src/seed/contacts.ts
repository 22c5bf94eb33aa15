import type { Payload } from 'payload'

import type { ContactMessage } from '@payload-types'

type DemoContact = Pick<ContactMessage, 'name' | 'email' | 'subject' | 'message' | 'locale'> & {
  /** The demo account that sent it signed in, if any. */
  login?: string
  /** Processed, with this reply from the admin. */
  reply?: string
}

export const DEMO_CONTACTS: DemoContact[] = [
  {
    name: 'Марина Соколова',
    email: 'marina.sokolova@example.com',
    subject: 'Сотрудничество с каталогом',
    message:
      'Здравствуйте! Мы открываем магазин ручной керамики и хотели бы попасть в каталог. Есть ли платное размещение или подборки, куда можно предложить магазин?',
    locale: 'ru',
  },
  {
    name: 'Tom Becker',
    email: 'tom.becker@example.com',
    subject: 'Outdated exchange rates on an exchanger page',
    message:
      'Hi, the exchanger “Swift Exchange” still shows last month’s fees on its page. Could you ask the owner to update them?',
    locale: 'en',
  },
  {
    name: 'Юлия',
    email: 'user@example.com',
    login: 'user',
    subject: 'Можно ли удалить аккаунт?',
    message: 'Подскажите, как полностью удалить мою учётную запись вместе с отзывами?',
    locale: 'ru',
    reply:
      'Здравствуйте, Юлия! Напишите нам с адреса, привязанного к аккаунту, — удалим его вместе с отзывами в течение трёх рабочих дней.',
  },
]

/**
 * Demo messages of the contact form: two waiting in the moderators' queue, one answered. Stored
 * as `POST /add-contacts` stores them (no mail is sent for the demo's reply); each only once.
 */
export const seedContacts = async ({ payload }: { payload: Payload }) => {
  const { docs: admins } = await payload.find({
    collection: 'users',
    where: { username: { equals: 'admin' } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  const admin = admins[0]
  let created = 0
  for (const [index, demo] of DEMO_CONTACTS.entries()) {
    const exists = await payload.count({
      collection: 'contact-messages',
      where: { subject: { equals: demo.subject } },
      overrideAccess: true,
    })
    if (exists.totalDocs) continue
    const { login, reply, ...fields } = demo
    const sender = login
      ? (
          await payload.find({
            collection: 'users',
            where: { username: { equals: login } },
            limit: 1,
            depth: 0,
            overrideAccess: true,
          })
        ).docs[0]
      : undefined
    const at = new Date(Date.now() - (DEMO_CONTACTS.length - index) * 3_600_000).toISOString()
    await payload.create({
      collection: 'contact-messages',
      data: {
        ...fields,
        sender: sender?.id,
        handled: Boolean(reply),
        ...(reply
          ? {
              reply,
              repliedBy: admin?.id,
              repliedAt: at,
              handledBy: admin?.id,
              handledAt: at,
            }
          : {}),
      },
      overrideAccess: true,
    })
    created += 1
  }
  return created
}
