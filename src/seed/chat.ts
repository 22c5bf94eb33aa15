import type { Payload } from 'payload'

/** The demo room's conversation: who wrote what, oldest first, in both languages. */
const DEMO_CHAT: Array<{ login: string; text: string }> = [
  { login: 'user', text: 'Всем привет! Кто-нибудь покупал в Spice Shop? Как у них с доставкой?' },
  { login: 'owner', text: 'Julia, привет! Доставка 2–4 дня, трек-номер приходит на почту.' },
  { login: 'totp-user', text: 'Подтверждаю, заказывал на прошлой неделе — всё пришло вовремя.' },
  {
    login: 'forum-operator',
    text: 'Hi all! Garden Talk has a new section on balcony gardens: https://example.com/garden-talk',
  },
  { login: 'user', text: 'Thanks, Owner! And is there a discount for a first order?' },
  { login: 'admin', text: 'Напоминаю: правила сайта действуют и в чате. Без рекламы, пожалуйста.' },
]

/**
 * A short conversation in the live chat, written through the collection (so each message takes
 * the room's event number), only into an empty room.
 */
export const seedChat = async ({ payload }: { payload: Payload }) => {
  const { totalDocs } = await payload.count({ collection: 'chat-messages', overrideAccess: true })
  if (totalDocs) return 0
  let made = 0
  for (const { login, text } of DEMO_CHAT) {
    const author = (
      await payload.find({
        collection: 'users',
        where: { username: { equals: login } },
        limit: 1,
        depth: 0,
        overrideAccess: true,
      })
    ).docs[0]
    if (!author) continue
    await payload.create({
      collection: 'chat-messages',
      data: { author: author.id, text },
      overrideAccess: true,
    })
    made += 1
  }
  return made
}
