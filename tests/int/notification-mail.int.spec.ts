import { type Payload, type PayloadRequest, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEFAULT_EMAIL_CHOICES } from '@/lib/notificationMail'
import type { NotificationKind } from '@/lib/notifications'
import { inTransaction } from '@/server/db'
import { NOTIFICATION_DIGEST_TASK, mailNotificationDigest } from '@/server/notificationDigest'
import { unsubscribeToken } from '@/server/unsubscribeToken'
import type { Notification, User } from '@payload-types'

import { createMember, createResource, unique } from '../helpers/directory'
import { type Mail, mailsTo, waitForMail } from '../helpers/mailbox'
import { releasePayload, runEmailQueue, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

/** A member whose account is in `locale` (the mails' language). */
const member = async (
  locale: 'ru' | 'en' = 'ru',
  role: User['role'] = 'user',
  employer?: number,
) => {
  const made = await createMember({ payload, role, employer })
  const user = await payload.update({
    collection: 'users',
    id: made.user.id,
    data: { locale },
    overrideAccess: true,
  })
  return { user, token: made.token }
}

/**
 * A notification made as the events' hooks make them: the Local API with overrideAccess, inside
 * the event's own transaction (`req`).
 */
const notify = async ({
  recipient,
  kind,
  req,
  event = unique(),
  ...related
}: {
  recipient: number
  kind: NotificationKind
  req?: PayloadRequest
  /** The middle of the row's `eventKey` (a verification's is `<request>.<decision>`). */
  event?: string
  actor?: number
  resource?: number
  ticket?: number
  verification?: number
  snippet?: string
}) => {
  const request = req ?? (await createLocalReq({}, payload))
  return inTransaction(request, () =>
    payload.create({
      collection: 'notifications',
      data: { recipient, kind, eventKey: `${kind}:${event}:${recipient}`, ...related },
      overrideAccess: true,
      req: request,
    }),
  )
}

const stored = (id: number) =>
  payload.findByID({ collection: 'notifications', id, overrideAccess: true, depth: 0 })

const settingsOf = async (id: number) =>
  (await payload.findByID({ collection: 'users', id, overrideAccess: true, depth: 0 }))
    .notificationEmail

const setChoices = (token: string, body: Record<string, string>) =>
  rest('POST', '/update-notification-settings', { token, body })

/** The signed link in a mail's List-Unsubscribe header, as a path of the API. */
const oneClickPath = (mail: Mail) => {
  const address = /<(https?:\/\/[^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1]
  if (!address) throw new Error('The mail has no https List-Unsubscribe')
  const url = new URL(address)
  return `${url.pathname.replace(/^\/api/, '')}${url.search}`
}

const oneClick = (path: string) =>
  rest('POST', path, {
    body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...english },
  })

describe('notification email settings', () => {
  it('should give each kind its default, and change only the kinds sent', async () => {
    const { token } = await member()
    const read = await rest('GET', '/get-notification-settings', { token })
    expect(read.status).toBe(200)
    expect(read.json.settings).toEqual(DEFAULT_EMAIL_CHOICES)
    const changed = await setChoices(token, { 'chat-mention': 'never', 'new-review': 'digest' })
    expect(changed.status).toBe(200)
    expect(changed.json.settings).toEqual({
      ...DEFAULT_EMAIL_CHOICES,
      'chat-mention': 'never',
      'new-review': 'digest',
    })
    const again = await rest('GET', '/get-notification-settings', { token })
    expect(again.json.settings).toEqual(changed.json.settings)
  })

  it('should refuse a choice that is none of the three, in the request language, changing nothing', async () => {
    const { user, token } = await member()
    const before = await settingsOf(user.id)
    const refused = await rest('POST', '/update-notification-settings', {
      token,
      body: { 'review-reply': 'sometimes', 'chat-mention': 'never' },
      headers: english,
    })
    expect(refused.status).toBe(422)
    expect(refused.json.errors['review-reply']).toEqual([
      'Choose “At once”, “Daily digest” or “Never”.',
    ])
    const russian = await rest('POST', '/update-notification-settings', {
      token,
      body: { 'review-reply': 42 },
      headers: { 'Accept-Language': 'ru' },
    })
    expect(russian.json.errors['review-reply']).toEqual([
      'Выберите «Сразу», «Ежедневная сводка» или «Никогда».',
    ])
    expect(await settingsOf(user.id)).toEqual(before)
    expect((await rest('GET', '/get-notification-settings')).status).toBe(401)
  })

  it("should keep everyone else out of a member's settings on REST, GraphQL and the site's call", async () => {
    const owner = await member('ru', 'owner')
    const employee = await member('ru', 'marketplaceOperator', owner.user.id)
    const stranger = await member()
    const before = await settingsOf(employee.user.id)

    // The owner reaches the employee's account, but not these choices.
    const read = await rest('GET', `/users/${employee.user.id}`, { token: owner.token })
    expect(read.status).toBe(200)
    expect(read.json.notificationEmail).toBeUndefined()
    await rest('PATCH', `/users/${employee.user.id}`, {
      token: owner.token,
      body: { notificationEmail: { newReview: 'never', chatMention: 'never' } },
    })
    // A stranger does not reach the account at all.
    const patched = await rest('PATCH', `/users/${employee.user.id}`, {
      token: stranger.token,
      body: { notificationEmail: { newReview: 'never' } },
    })
    expect([403, 404]).toContain(patched.status)
    await graphql(
      `
        mutation ($id: Int!) {
          updateUser(id: $id, data: { notificationEmail: { newReview: never } }) {
            id
          }
        }
      `,
      { variables: { id: employee.user.id }, token: owner.token },
    )
    await graphql(
      `
        mutation ($id: Int!) {
          updateUser(id: $id, data: { notificationEmail: { newReview: never } }) {
            id
          }
        }
      `,
      { variables: { id: employee.user.id }, token: stranger.token },
    )
    const query = await graphql(
      `
        query ($id: Int!) {
          User(id: $id) {
            id
            notificationEmail {
              newReview
            }
          }
        }
      `,
      {
        variables: { id: employee.user.id },
        token: owner.token,
      },
    )
    expect(
      (query.json?.data?.User as { notificationEmail?: { newReview: string | null } } | null)
        ?.notificationEmail?.newReview ?? null,
    ).toBeNull()
    // The site's call names no account: an `id` in the body is not read, the caller's own change.
    const site = await setChoices(stranger.token, {
      id: String(employee.user.id),
      'new-review': 'never',
    } as Record<string, string>)
    expect(site.status).toBe(200)
    expect((await settingsOf(stranger.user.id))?.newReview).toBe('never')

    expect(await settingsOf(employee.user.id)).toEqual(before)
    // The holder reads and changes their own through GraphQL as through REST.
    const own = await graphql(
      `
        mutation ($id: Int!) {
          updateUser(id: $id, data: { notificationEmail: { chatMention: never } }) {
            notificationEmail {
              chatMention
            }
          }
        }
      `,
      { variables: { id: employee.user.id }, token: employee.token },
    )
    expect(own.json?.data?.updateUser).toEqual({ notificationEmail: { chatMention: 'never' } })
  })
})

describe('notification mails', () => {
  it('should mail an immediate kind once, in the recipient language, with the unsubscribe headers and footer', async () => {
    const actor = await member()
    const { user } = await member('en')
    const resource = await createResource({ payload, owner: user.id, title: `Bazaar ${unique()}` })
    const notification = await notify({
      recipient: user.id,
      kind: 'new-review',
      actor: actor.user.id,
      resource: resource.id,
    })
    const mail = await waitForMail({ to: user.email! })
    const sentence = `New review of “${resource.title}” by ${actor.user.displayName}`
    // The site's sentence, in the subject and the body alike.
    expect(mail.subject).toBe(`Obzor: ${sentence}`)
    expect(mail.text.startsWith(`${sentence}\n`)).toBe(true)
    expect(mail.text).toMatch(/Open it: http\S+\/en\/resources\/marketplaces\/\S+/)
    expect(mail.text).toMatch(/All your notifications: http\S+\/en\/notifications/)
    expect(mail.text).toContain('mail you “A new review of my resource” at once')
    expect(mail.text).toMatch(/Choose which emails you get: http\S+\/en\/my-settings/)
    expect(mail.text).toMatch(/Stop emails of this kind: http\S+\/en\/unsubscribe\?token=\S+/)
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<https?:\/\/[^>]+\/api\/unsubscribe-notifications\?token=[^>]+>$/,
    )
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    const row = await stored(notification.id)
    expect(row.mail).toBe('sent')
    expect(row.mailedAt).toBeTruthy()
    // One notification, one mail, however often the queue runs.
    await runEmailQueue(payload)
    expect(await mailsTo(user.email!)).toHaveLength(1)
  })

  it('should mail a Russian account in Russian', async () => {
    const { user } = await member('ru')
    // chat-mention is a digest kind by default: make it immediate for this account.
    await payload.update({
      collection: 'users',
      id: user.id,
      data: { notificationEmail: { chatMention: 'immediate' } },
      overrideAccess: true,
    })
    await notify({ recipient: user.id, kind: 'chat-mention' })
    const mail = await waitForMail({ to: user.email! })
    expect(mail.subject).toBe('Obzor: Вас упомянули в чате')
    expect(mail.text).toContain('Отписаться от писем этого вида:')
    expect(await mailsTo(user.email!)).toHaveLength(1)
  })

  it('should mail nothing for a kind set to never, to a blocked account, or when the event rolls back', async () => {
    const never = await member()
    await setChoices(never.token, { 'review-reply': 'never' })
    const none = await notify({ recipient: never.user.id, kind: 'review-reply' })

    const blocked = await member()
    await payload.update({
      collection: 'users',
      id: blocked.user.id,
      data: { blocked: true, blockReason: 'Spam' },
      overrideAccess: true,
    })
    const toBlocked = await notify({ recipient: blocked.user.id, kind: 'review-reply' })

    const rolledBack = await member()
    const req = await createLocalReq({}, payload)
    await expect(
      inTransaction(req, async () => {
        await notify({ recipient: rolledBack.user.id, kind: 'review-reply', req })
        throw new Error('the event fails')
      }),
    ).rejects.toThrow('the event fails')

    await runEmailQueue(payload)
    expect(await mailsTo(never.user.email!)).toEqual([])
    expect(await mailsTo(blocked.user.email!)).toEqual([])
    expect(await mailsTo(rolledBack.user.email!)).toEqual([])
    expect([(await stored(none.id)).mail, (await stored(toBlocked.id)).mail]).toEqual([
      'none',
      'none',
    ])
    const { totalDocs } = await payload.count({
      collection: 'notifications',
      where: { recipient: { equals: rolledBack.user.id } },
      overrideAccess: true,
    })
    expect(totalDocs).toBe(0)
  })

  it('should not let a creator decide the mail state', async () => {
    const { user } = await member()
    const req = await createLocalReq({}, payload)
    const made = await inTransaction(req, () =>
      payload.create({
        collection: 'notifications',
        data: {
          recipient: user.id,
          kind: 'favorite-reply',
          eventKey: `favorite-reply:${unique()}:${user.id}`,
          mail: 'sent',
          mailedAt: new Date().toISOString(),
        },
        overrideAccess: true,
        req,
      }),
    )
    expect([made.mail, made.mailedAt ?? null]).toEqual(['digest', null])
  })
})

describe('the wording of the kinds that replace support mails', () => {
  it("should name the ticket by its number and subject and link to it, as the ticket's own mail did", async () => {
    const { user } = await member('en')
    const subject = `Refund ${unique()}`
    const ticket = await payload.create({
      collection: 'tickets',
      data: { subject, author: user.id, status: 'open' },
      overrideAccess: true,
    })
    await notify({ recipient: user.id, kind: 'ticket-answered', ticket: ticket.id })
    const mail = await waitForMail({ to: user.email! })
    expect(mail.subject).toBe(`Obzor: Support’s reply to your ticket #${ticket.id} “${subject}”`)
    expect(mail.text).toContain(`Support’s reply to your ticket #${ticket.id} “${subject}”\n`)
    expect(mail.text).toMatch(new RegExp(`Open it: http\\S+/en/tickets/${ticket.id}\\n`))
  })

  it("should give a verification's decision and the moderator's answer, in Russian", async () => {
    const { user } = await member('ru')
    const resource = await createResource({ payload, owner: user.id, title: `Лавка ${unique()}` })
    const request = await payload.db.create({
      collection: 'verification-requests',
      data: {
        resource: resource.id,
        message: 'Please verify',
        attachments: [],
        status: 'rejected',
        answer: 'Нет подтверждения домена',
        requester: user.id,
      },
    })
    await notify({
      recipient: user.id,
      kind: 'verification-decided',
      event: `${request.id}.rejected`,
      resource: resource.id,
      verification: request.id,
      snippet: 'Нет подтверждения домена',
    })
    const mail = await waitForMail({ to: user.email! })
    expect(mail.subject).toBe(`Obzor: Проверка ресурса «${resource.title}» отклонена`)
    expect(mail.text).toContain(
      `Проверка ресурса «${resource.title}» отклонена\n«Нет подтверждения домена»\n`,
    )
    expect(mail.text).toMatch(/Открыть: http\S+\/resource-check\n/)
  })
})

describe('the daily digest', () => {
  it('should gather each recipient unread digest notifications into one mail, once, even when two runs race', async () => {
    const first = await member('en')
    const second = await member('ru')
    const actor = await member()
    const resource = await createResource({ payload, title: `Fav ${unique()}` })
    const kept: Notification[] = []
    for (const recipient of [first, first, second]) {
      kept.push(
        await notify({
          recipient: recipient.user.id,
          kind: 'favorite-reply',
          actor: actor.user.id,
          resource: resource.id,
        }),
      )
    }
    const seen = await notify({
      recipient: first.user.id,
      kind: 'chat-mention',
      actor: actor.user.id,
    })
    await payload.update({
      collection: 'notifications',
      id: seen.id,
      data: { readAt: new Date().toISOString() },
      overrideAccess: true,
    })
    // Nothing is mailed at once for a digest kind.
    await runEmailQueue(payload)
    expect(await mailsTo(first.user.email!)).toEqual([])
    expect((await stored(kept[0].id)).mail).toBe('digest')

    const [one, two] = await Promise.all([
      mailNotificationDigest(await createLocalReq({}, payload)),
      mailNotificationDigest(await createLocalReq({}, payload)),
    ])
    // One run took them all; the other found none left.
    expect(Math.min(one.mails, two.mails)).toBe(0)

    const [firstMail, ...moreFirst] = await mailsTo(first.user.email!)
    expect(moreFirst).toEqual([])
    expect(firstMail.subject).toBe('Obzor: 2 new notifications today')
    expect(firstMail.text.match(/Owner’s reply to a review/g)).toHaveLength(2)
    // Read on the site before the digest: not mailed.
    expect(firstMail.text).not.toContain('You were mentioned')
    expect(firstMail.text).toMatch(/Stop all notification emails: http\S+\/en\/unsubscribe\?token=/)
    expect(firstMail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    const secondMails = await mailsTo(second.user.email!)
    expect(secondMails.map((mail) => mail.subject)).toEqual(['Obzor: 1 новое уведомление за день'])

    expect((await stored(kept[0].id)).mail).toBe('sent')
    expect((await stored(seen.id)).mail).toBe('none')
    // A later run mails none of them again.
    await mailNotificationDigest(await createLocalReq({}, payload))
    expect(await mailsTo(first.user.email!)).toHaveLength(1)
    expect(await mailsTo(second.user.email!)).toHaveLength(1)
  })

  it("should run as the jobs queue's scheduled task", async () => {
    const { user } = await member('en')
    await notify({ recipient: user.id, kind: 'chat-mention' })
    const job = await payload.jobs.queue({
      task: NOTIFICATION_DIGEST_TASK,
      input: {},
      queue: 'default',
    })
    // This job only: a run of the whole queue would run every due job of the worker's database.
    await payload.jobs.runByID({ id: job.id, silent: true })
    const [mail, ...more] = await mailsTo(user.email!)
    expect(more).toEqual([])
    expect(mail.subject).toBe('Obzor: 1 new notification today')
    expect(mail.text).toContain('• You were mentioned in the chat\n')
  })

  it('should leave out a kind turned off since, and a blocked account', async () => {
    const changed = await member()
    const blocked = await member()
    await notify({ recipient: changed.user.id, kind: 'chat-mention' })
    const waiting = await notify({ recipient: blocked.user.id, kind: 'chat-mention' })
    await setChoices(changed.token, { 'chat-mention': 'never' })
    await payload.update({
      collection: 'users',
      id: blocked.user.id,
      data: { blocked: true, blockReason: 'Spam' },
      overrideAccess: true,
    })
    await mailNotificationDigest(await createLocalReq({}, payload))
    expect(await mailsTo(changed.user.email!)).toEqual([])
    expect(await mailsTo(blocked.user.email!)).toEqual([])
    expect((await stored(waiting.id)).mail).toBe('none')
  })
})

describe('one-click unsubscribe', () => {
  it('should turn the mail kind to never from the header link, without a session', async () => {
    const { user } = await member('en')
    await notify({ recipient: user.id, kind: 'comment-reply' })
    const mail = await waitForMail({ to: user.email! })
    const answered = await oneClick(oneClickPath(mail))
    expect(answered.status).toBe(200)
    expect(answered.json).toEqual({ status: 200, stopped: 'comment-reply' })
    expect(await settingsOf(user.id)).toMatchObject({
      commentReply: 'never',
      reviewReply: 'immediate',
    })
    // A second click changes nothing more and still answers.
    expect((await oneClick(oneClickPath(mail))).status).toBe(200)
    // And the next notification of that kind is not mailed.
    await notify({ recipient: user.id, kind: 'comment-reply' })
    expect(await mailsTo(user.email!)).toHaveLength(1)
  })

  it('should stop every kind with an "all" token', async () => {
    const { user } = await member()
    const token = unsubscribeToken({ userId: user.id, scope: 'all' })
    expect((await oneClick(`/unsubscribe-notifications?token=${token}`)).status).toBe(200)
    expect(Object.values((await settingsOf(user.id)) ?? {}).filter(Boolean)).toEqual(
      Array(8).fill('never'),
    )
  })

  it('should refuse a tampered, forged or malformed token with a clear message, changing nothing', async () => {
    const { user } = await member()
    const other = await member()
    const before = await settingsOf(user.id)
    const genuine = unsubscribeToken({ userId: user.id, scope: 'review-reply' })
    const [id, scope, signature] = genuine.split('.')
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`
    const attempts = [
      `${id}.${scope}.${flipped}`,
      `${other.user.id}.${scope}.${signature}`,
      `${id}.all.${signature}`,
      `${id}.${scope}`,
      'nonsense',
      '',
      `${id}.${scope}.${signature}${'x'.repeat(300)}`,
      `99999999999.${scope}.${signature}`,
    ]
    for (const token of attempts) {
      const answered = await oneClick(
        `/unsubscribe-notifications?token=${encodeURIComponent(token)}`,
      )
      expect([token, answered.status]).toEqual([token, 400])
      expect(answered.json.message).toMatch(/This unsubscribe link is not valid/)
    }
    expect((await oneClick('/unsubscribe-notifications')).status).toBe(400)
    const russian = await rest(
      'POST',
      `/unsubscribe-notifications?token=${id}.${scope}.${flipped}`,
      {
        headers: { 'Accept-Language': 'ru' },
      },
    )
    expect(russian.json.message).toMatch(/ссылка отписки недействительна/)
    expect(await settingsOf(user.id)).toEqual(before)
    expect(await settingsOf(other.user.id)).toEqual(before)
  })
})
