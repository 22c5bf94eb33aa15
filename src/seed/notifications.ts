import type { Payload } from 'payload'

/** How many of a demo account's notifications stay unread: the newest ones. */
export const DEMO_UNREAD_NOTIFICATIONS = 2

/** The demo accounts whose bell the seed fills (issue 32). */
export const DEMO_NOTIFIED = ['user', 'owner'] as const

const HOUR_MS = 60 * 60 * 1000

/**
 * The demo's events are dated in the past (the seed backdates reviews, comments and tickets'
 * messages), so their notifications take the same dates rather than the seed's run.
 */
const dateAsTheirEvents = async (payload: Payload, recipients: number[]) => {
  const { docs } = await payload.find({
    collection: 'notifications',
    where: { recipient: { in: recipients } },
    depth: 1,
    pagination: false,
  })
  const object = <T>(value: T) =>
    typeof value === 'object' && value !== null ? (value as Exclude<T, number>) : null
  for (const row of docs) {
    const review = object(row.review)
    const at =
      row.kind === 'review-reply' || row.kind === 'favorite-reply'
        ? review?.reply?.repliedAt
        : row.kind === 'ticket-answered'
          ? object(row.ticket)?.lastMessageAt
          : row.kind === 'verification-decided'
            ? object(row.verification)?.decidedAt
            : (object(row.comment) ?? review ?? object(row.chatMessage))?.createdAt
    if (!at || at >= row.createdAt) continue
    await payload.update({
      collection: 'notifications',
      id: row.id,
      data: { createdAt: at },
      depth: 0,
    })
  }
}

/**
 * Notifications for the demo `user` and `owner`, made by the same event paths as on the site: the
 * earlier steps' reviews, answered tickets, verification decisions and comment replies already
 * told them; here the owner answers the user's review of Bazaar One (a review reply, and a
 * favourite's reply for those who keep it), and all but each account's newest
 * DEMO_UNREAD_NOTIFICATIONS are marked read. Running it again changes nothing. Returns how many
 * notifications the two accounts hold.
 */
export const seedNotifications = async ({ payload }: { payload: Payload }) => {
  const { docs: people } = await payload.find({
    collection: 'users',
    where: { username: { in: [...DEMO_NOTIFIED] } },
    depth: 0,
    pagination: false,
  })
  const idOf = (login: string) => people.find((person) => person.username === login)?.id
  const user = idOf('user')
  const owner = idOf('owner')
  if (!user || !owner) return 0
  const { docs: resources } = await payload.find({
    collection: 'resources',
    where: { slug: { equals: 'bazaar-one' } },
    depth: 0,
    limit: 1,
  })
  const { docs: reviews } = resources[0]
    ? await payload.find({
        collection: 'reviews',
        where: { and: [{ resource: { equals: resources[0].id } }, { author: { equals: user } }] },
        depth: 0,
        limit: 1,
      })
    : { docs: [] }
  const review = reviews[0]
  if (review && !review.reply?.text) {
    await payload.update({
      collection: 'reviews',
      id: review.id,
      data: {
        reply: {
          text: 'Спасибо за отзыв! Доставку в ваш город мы ускорили.',
          author: owner,
          repliedAt: new Date(Date.now() - 3 * 24 * HOUR_MS).toISOString(),
        },
      },
      depth: 0,
    })
  }
  await dateAsTheirEvents(payload, [user, owner])
  let held = 0
  for (const recipient of [user, owner]) {
    const { docs } = await payload.find({
      collection: 'notifications',
      where: { recipient: { equals: recipient } },
      sort: ['-createdAt', '-id'],
      depth: 0,
      pagination: false,
    })
    held += docs.length
    const older = docs.slice(DEMO_UNREAD_NOTIFICATIONS).filter((row) => !row.readAt)
    if (older.length) {
      await payload.update({
        collection: 'notifications',
        where: { id: { in: older.map((row) => row.id) } },
        data: { readAt: new Date().toISOString() },
        depth: 0,
      })
    }
  }
  return held
}
