import type { PayloadRequest } from 'payload'

import { type NotificationKind, snippetOf } from '@/lib/notifications'

/**
 * What a notification is about: the rows it links to, each by id (by kind), and the event's own
 * text, of which the row keeps a snippet.
 */
export type NotificationSubject = {
  resource?: number | null
  review?: number | null
  comment?: number | null
  ticket?: number | null
  verification?: number | null
  chatMessage?: number | null
  text?: string | null
}

/** The one key of a notification: `<kind>:<event>:<recipient>`. */
export const notificationKey = (
  kind: NotificationKind,
  event: string | number,
  recipient: number,
) => `${kind}:${event}:${recipient}`

const wholeIds = (ids: readonly (number | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is number => typeof id === 'number' && Number.isInteger(id))),
]

/**
 * Tells people of one event (issue 32): one `notifications` row per event and person, written in
 * the event's own transaction (`req`) through the collection, so its hooks run (the mail half).
 * Nobody is told of what they did themselves (`actor`), a blocked account is told nothing, and an
 * event already told (the same `event` id: a hook run twice, a second save) tells nobody again:
 * the rows are looked up before they are written, so the unique `eventKey` is never hit and the
 * transaction never aborts. The site has no blocks between members (`user-blocks` is the
 * moderators' audit of site and chat blocks), so nothing else is weighed. Returns the ids told.
 *
 * `actor` is who caused it; `showActor: false` keeps them off the row (a moderator's status
 * change is the site's) while still not telling them.
 */
export const notify = async ({
  req,
  kind,
  event,
  recipients,
  actor,
  showActor = true,
  about: { text, ...rows } = {},
}: {
  req: PayloadRequest
  kind: NotificationKind
  /** The event's own row (a review, a message, a status change): its id, or a key made of it. */
  event: string | number
  recipients: readonly (number | null | undefined)[]
  actor: number | null | undefined
  showActor?: boolean
  about?: NotificationSubject
}): Promise<number[]> => {
  const candidates = wholeIds(recipients).filter((id) => id !== actor)
  if (!candidates.length) return []
  const { docs: people } = await req.payload.find({
    collection: 'users',
    where: {
      and: [
        { id: { in: candidates } },
        { or: [{ blocked: { equals: false } }, { blocked: { exists: false } }] },
      ],
    },
    select: { username: true },
    depth: 0,
    limit: candidates.length,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const open = new Set(people.map((person) => person.id))
  const keyOf = (id: number) => notificationKey(kind, event, id)
  const wanted = candidates.filter((id) => open.has(id))
  if (!wanted.length) return []
  const { docs: told } = await req.payload.find({
    collection: 'notifications',
    where: { eventKey: { in: wanted.map(keyOf) } },
    select: { eventKey: true },
    depth: 0,
    limit: wanted.length,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const done = new Set(told.map((row) => row.eventKey))
  const created: number[] = []
  for (const recipient of wanted) {
    if (done.has(keyOf(recipient))) continue
    await req.payload.create({
      collection: 'notifications',
      data: {
        recipient,
        kind,
        actor: showActor && typeof actor === 'number' ? actor : null,
        ...rows,
        snippet: snippetOf(text),
        eventKey: keyOf(recipient),
      },
      depth: 0,
      overrideAccess: true,
      req,
    })
    created.push(recipient)
  }
  return created
}
