import 'server-only'

import type { CollectionSlug, PayloadRequest, Where } from 'payload'

import type { User } from '@payload-types'

import type { StoredCollection, StoredDoc } from '../fileStorage'

/** A file of the member's to put in the archive: where, and which stored document holds it. */
export type ArchivedFile = { path: string; slug: StoredCollection; doc: StoredDoc }

/** What the archive holds: its JSON files by name, and the member's files. */
export type MemberData = { json: Record<string, unknown>; files: ArchivedFile[] }

type Doc = Record<string, unknown> & { id: number | string }

/** Only `keys` of `doc`, in that order; a related document by its id and the fields given. */
const pick = (doc: Doc, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => doc[key] !== undefined).map((key) => [key, doc[key]]))

const idOf = (value: unknown) =>
  value && typeof value === 'object' && 'id' in value ? (value as Doc).id : (value ?? null)

/** A related resource as the archive names it: its id, title and type. */
const resourceOf = (value: unknown) =>
  value && typeof value === 'object'
    ? pick(value as Doc, ['id', 'title', 'type', 'slug'])
    : { id: value ?? null }

/** An attachment of the member's and the archive's folder it goes in. */
type FileRef = { id: number | string; folder: string }

/** A file's name as the archive may hold it: no folders, no control characters. */
const safeName = (name: string) => name.replace(/[\u0000-\u001f/\\]/g, '_').slice(-120) || 'file'

/**
 * Everything the site holds about the member `user` (issue 44's list), read past access (the
 * member may not read some of it, such as their consent record) and with no secret in it: no
 * password hash, reset token, authenticator secret or code hash. Other people appear only as
 * what the member was shown (support's answers in their tickets), never by their accounts.
 */
export const collectMemberData = async ({
  req,
  user,
}: {
  req: PayloadRequest
  user: User
}): Promise<MemberData> => {
  const all = async (
    collection: CollectionSlug,
    where: Where,
    depth = 0,
    locale: 'all' | undefined = undefined,
  ) =>
    (
      await req.payload.find({
        collection,
        where,
        depth,
        pagination: false,
        sort: 'createdAt',
        locale,
        overrideAccess: true,
        req,
        // Related documents carry only what names them (a resource's title, a ticket's subject).
        populate: {
          resources: { title: true, type: true, slug: true },
          news: { title: true, slug: true },
          posts: { title: true, slug: true },
          reviews: { resource: true, title: true },
          tickets: { subject: true },
        },
      } as Parameters<typeof req.payload.find>[0])
    ).docs as unknown as Doc[]
  const mine = { equals: user.id }
  const attachments = new Map<string, FileRef>()
  const attach = (value: unknown, folder: string) => {
    for (const item of Array.isArray(value) ? value : []) {
      const id = idOf(item)
      if (id !== null && !attachments.has(String(id))) {
        attachments.set(String(id), { id: id as number, folder })
      }
    }
    return (Array.isArray(value) ? value : []).map(idOf)
  }

  // One after another: the job's request may hold a transaction, whose connection runs one
  // statement at a time.
  const reviews = await all('reviews', { author: mine }, 1)
  const replies = await all('reviews', { 'reply.author': mine }, 1)
  const votes = await all('review-votes', { user: mine }, 2)
  const reports = await all('review-reports', { reporter: mine }, 2)
  const favorites = await all('favorites', { user: mine }, 1)
  const comments = await all('comments', { author: mine }, 1)
  const chat = await all('chat-messages', { author: mine })
  const tickets = await all('tickets', { author: mine })
  const ticketMessages = await all('ticket-messages', { ticketAuthor: mine })
  const verification = await all(
    'verification-requests',
    { or: [{ requester: mine }, { owner: mine }] },
    1,
  )
  const contacts = await all('contact-messages', {
    or: [{ sender: mine }, { email: { equals: user.email.toLowerCase() } }],
  })
  const notifications = await all('notifications', { recipient: mine })
  const sessions = await all('session-details', { user: mine })
  const securityLog = await all('security-events', { user: mine })
  const backupCodes = await all('backup-codes', { user: mine })
  const blocks = await all('user-blocks', { user: mine })
  const resources = await all('resources', { owner: mine }, 0, 'all')
  const invitations = await all('review-invitations', { createdBy: mine }, 1)
  const employees = await all('users', { employer: mine })
  const media = await all('media', { uploadedBy: mine })
  const ownFiles = await all('attachments', {
    or: [{ uploadedBy: mine }, { readers: { in: [user.id] } }],
  })

  const json: Record<string, unknown> = {
    'account.json': {
      account: {
        ...pick({ ...user }, [
          'id',
          'username',
          'email',
          'name',
          'displayName',
          'displayNameChangedAt',
          'phone',
          'role',
          'status',
          'blocked',
          'chatBlocked',
          'blockReason',
          'twoFactor',
          'pgpPublicKey',
          'authProvider',
          'theme',
          'locale',
          'notificationEmail',
          'profilePrivate',
          'createdAt',
          'updatedAt',
        ]),
        googleAccountLinked: Boolean(user.googleSubject),
        consent: { version: user.consentVersion ?? null, at: user.consentedAt ?? null },
        avatar: idOf(user.avatar),
        employer: idOf(user.employer),
      },
      employees: employees.map((one) => pick(one, ['id', 'username', 'displayName', 'role'])),
      sessions: (user.sessions ?? []).map((one) => pick(one as Doc, ['createdAt', 'expiresAt'])),
      devices: sessions.map((one) =>
        pick(one, [
          'browser',
          'os',
          'deviceType',
          'deviceModel',
          'address',
          'createdAt',
          'lastSeenAt',
        ]),
      ),
      securityLog: securityLog.map((one) =>
        pick(one, ['kind', 'address', 'device', 'detail', 'createdAt']),
      ),
      backupCodes: {
        total: backupCodes.length,
        used: backupCodes.filter((one) => one.usedAt).map((one) => one.usedAt),
      },
      blocks: blocks.map((one) => pick(one, ['scope', 'action', 'reason', 'createdAt'])),
    },
    'reviews.json': reviews.map((one) => ({
      ...pick(one, ['id', 'grade', 'title', 'comment', 'criteria', 'status', 'hiddenReason']),
      resource: resourceOf(one.resource),
      invited: Boolean(one.invited),
      helpfulVotes: one.helpfulCount ?? 0,
      ownerReply: (one.reply as Doc | undefined)?.text
        ? pick(one.reply as Doc, ['text', 'repliedAt'])
        : null,
      createdAt: one.createdAt,
      updatedAt: one.updatedAt,
    })),
    'review-replies.json': replies.map((one) => ({
      review: one.id,
      resource: resourceOf(one.resource),
      ...pick(one.reply as Doc, ['text', 'repliedAt']),
    })),
    'helpful-votes.json': votes.map((one) => ({
      review: idOf(one.review),
      resource: resourceOf((one.review as Doc | null)?.resource),
      createdAt: one.createdAt,
    })),
    'reports.json': reports.map((one) => ({
      review: idOf(one.review),
      resource: resourceOf((one.review as Doc | null)?.resource),
      ...pick(one, ['reason', 'comment', 'status', 'handledAt', 'createdAt']),
    })),
    'favorites.json': favorites.map((one) => ({
      resource: resourceOf(one.resource),
      createdAt: one.createdAt,
    })),
    'comments.json': comments.map((one) => ({
      ...pick(one, ['id', 'text', 'status', 'editedAt', 'createdAt']),
      news: one.news ? pick(one.news as Doc, ['id', 'title', 'slug']) : undefined,
      post: one.post ? pick(one.post as Doc, ['id', 'title', 'slug']) : undefined,
      replyTo: idOf(one.replyTo),
    })),
    'chat-messages.json': chat.map((one) => pick(one, ['id', 'text', 'removed', 'createdAt'])),
    'tickets.json': tickets.map((ticket) => ({
      ...pick(ticket, ['id', 'subject', 'status', 'createdAt', 'lastMessageAt', 'closedAt']),
      messages: ticketMessages
        .filter((message) => idOf(message.ticket) === ticket.id)
        .map((message) => ({
          from: message.fromSupport ? 'support' : 'you',
          body: message.body,
          attachments: attach(message.attachments, `tickets/${ticket.id}`),
          createdAt: message.createdAt,
        })),
    })),
    'verification-requests.json': verification.map((one) => ({
      ...pick(one, ['id', 'message', 'status', 'answer', 'decidedAt', 'createdAt']),
      resource: resourceOf(one.resource),
      history: ((one.history as Doc[] | undefined) ?? []).map((step) =>
        pick(step, ['status', 'answer', 'at']),
      ),
      attachments: attach(one.attachments, `verification/${one.id}`),
    })),
    'contact-messages.json': contacts.map((one) => ({
      ...pick(one, [
        'id',
        'name',
        'email',
        'subject',
        'message',
        'reply',
        'repliedAt',
        'createdAt',
      ]),
      attachments: attach(one.attachments, `contact/${one.id}`),
    })),
    'notifications.json': notifications.map((one) =>
      pick(one, ['kind', 'snippet', 'readAt', 'mailedAt', 'createdAt']),
    ),
    // What the member invited, never what came of each invitation (which customer reviewed).
    'review-invitations.json': invitations.map((one) => ({
      resource: resourceOf(one.resource),
      ...pick(one, ['kind', 'locale', 'createdAt', 'expiresAt']),
    })),
    // What the owner gave of each resource: its addresses, an exchanger's rates feed among them
    // (the fetched rates and the feed's state belong to the resource, not to the member).
    'resources.json': resources.map((one) =>
      pick(one, [
        'id',
        'type',
        'title',
        'slug',
        'status',
        'links',
        'ratesFeed',
        'country',
        'createdAt',
      ]),
    ),
  }

  for (const file of ownFiles) attach([file], 'other')
  const fileDocs = new Map(ownFiles.map((doc) => [String(doc.id), doc]))
  const missing = [...attachments.keys()].filter((id) => !fileDocs.has(id))
  if (missing.length) {
    for (const doc of await all('attachments', { id: { in: missing } })) {
      fileDocs.set(String(doc.id), doc)
    }
  }
  const files: ArchivedFile[] = [
    ...media.map((doc) => ({
      path: `files/pictures/${doc.id}-${safeName(String(doc.filename))}`,
      slug: 'media' as const,
      doc: doc as StoredDoc,
    })),
    ...[...attachments.values()].flatMap(({ id, folder }) => {
      const doc = fileDocs.get(String(id))
      if (!doc) return []
      const name = safeName(String(doc.originalName || doc.filename))
      return [
        {
          path: `files/${folder}/${doc.id}-${name}`,
          slug: 'attachments' as const,
          doc: doc as StoredDoc,
        },
      ]
    }),
  ]
  json['files.json'] = files.map((file) => file.path)
  return { json, files }
}
