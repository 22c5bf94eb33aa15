import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { resourceAnalytics } from '@/data/views/analytics'
import { waitingCounts } from '@/data/views/moderation'
import { rateFeedHealth } from '@/data/views/rateFeeds'
import { siteAnalytics } from '@/data/views/siteAnalytics'
import { addDays, periodOf } from '@/lib/analytics'
import { ROLES } from '@/lib/roles'
import { seed } from '@/seed'
import { DEMO_CONTACTS } from '@/seed/contacts'
import { DEMO_FAQS, DEMO_NEWS, DEMO_PAGES, DEMO_POSTS } from '@/seed/content'
import { DEMO_LINK_OUTAGES } from '@/seed/linkChecks'
import { SIGNED_DEMO_ADDRESSES, SIGNED_DEMO_SLUG } from '@/seed/mirrors'
import { DEMO_NOTIFIED, DEMO_UNREAD_NOTIFICATIONS } from '@/seed/notifications'
import { demoRatesFeedUrl } from '@/seed/rates'
import { DEMO_RESOURCES } from '@/seed/resources'
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS } from '@/seed/users'
import { DEMO_RATES_FEEDS } from '@/server/demoRatesFeed'
import { linkCheckSettings, runLinkChecks } from '@/server/linkChecks/run'
import { readLinkHealth } from '@/server/sql/linkChecks'

import { holdTheDay, realClock } from '../helpers/clock'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'
import { oathtoolCode } from '../helpers/secondFactor'

let payload: Payload

const snapshot = async () => {
  const users = await payload.find({ collection: 'users', limit: 1000, sort: 'id', depth: 0 })
  return users.docs.map(({ id, email, role, updatedAt }) => ({ id, email, role, updatedAt }))
}

let today: string

/** The published demo resources, by slug. */
const demoResources = async () =>
  (
    await payload.find({
      collection: 'resources',
      where: {
        status: { equals: 'published' },
        slug: { in: DEMO_RESOURCES.map(({ slug }) => slug) },
      },
      sort: 'slug',
      pagination: false,
      depth: 0,
    })
  ).docs

beforeAll(async () => {
  payload = await startPayload()
  // The seed may have run in an earlier file of this worker, on an earlier day: run here, it brings
  // the day-based demo (analytics up to yesterday, their roll-ups) up to date, and the clock stays
  // in that day until the file ends, so that no midnight comes between the seed and what is read.
  today = holdTheDay()
  await seed({ payload })
})

afterAll(async () => {
  realClock()
  await releasePayload()
})

describe('seed', () => {
  it('should create a demo account for every role', async () => {
    // The demo accounts by their logins: the worker's other files add accounts of every role.
    const { docs } = await payload.find({
      collection: 'users',
      where: { username: { in: DEMO_USERS.map((demo) => demo.username) } },
      pagination: false,
      depth: 0,
    })
    expect(docs.map((user) => [user.username, user.role]).sort()).toEqual(
      DEMO_USERS.map((demo) => [demo.username, demo.role]).sort(),
    )
    expect([...new Set(docs.map((user) => user.role))].sort()).toEqual([...ROLES].sort())
  })

  it('should let every demo account sign in with the documented password', async () => {
    for (const user of DEMO_USERS.filter((demo) => !demo.totp && demo.block?.flag !== 'blocked')) {
      const result = await payload.login({
        collection: 'users',
        data: { email: user.email, password: DEMO_PASSWORD },
      })
      expect(result.token).toBeTruthy()
    }
  })

  it('should answer the blocked demo account “You are blocked.”, and log who blocked it and why', async () => {
    const { status, json } = await rest('POST', '/login', {
      headers: { 'Accept-Language': 'en' },
      body: { login: 'blocked-user', password: DEMO_PASSWORD },
    })
    expect([status, json.message]).toEqual([402, 'You are blocked.'])
    const { docs } = await payload.find({
      collection: 'user-blocks',
      where: { login: { in: ['blocked-user', 'chat-muted'] } },
      sort: 'login',
      depth: 1,
    })
    expect(
      docs.map((record) => [
        record.login,
        record.scope,
        record.action,
        typeof record.by === 'object' ? record.by?.username : null,
      ]),
    ).toEqual([
      ['blocked-user', 'site', 'block', 'admin'],
      ['chat-muted', 'chat', 'block', 'admin'],
    ])
  })

  it('should ask the authenticator demo account for its documented code', async () => {
    const { json } = await rest('POST', '/login', {
      body: { login: 'totp-user', password: DEMO_PASSWORD },
    })
    const second = await rest('POST', '/login-google', {
      body: {
        message: oathtoolCode({ secret: DEMO_TOTP_SECRET }),
        login: 'totp-user',
        password: DEMO_PASSWORD,
      },
    })
    expect([json.auth, second.status]).toEqual(['google', 200])
  })

  it('should leave work waiting in the moderators’ queues: reported reviews, a held review, a resource to approve', async () => {
    // The demo's own items, by their resources and authors; the dashboard counts them among the
    // rest of the worker's queues.
    const [resources, people] = await Promise.all([
      payload.find({
        collection: 'resources',
        where: { slug: { in: ['swift-exchange', 'gadget-corner', 'book-nook'] } },
        pagination: false,
        depth: 0,
      }),
      payload.find({
        collection: 'users',
        where: { username: { in: DEMO_USERS.map((demo) => demo.username) } },
        pagination: false,
        depth: 0,
      }),
    ])
    const resourceOf = (slug: string) => resources.docs.find((doc) => doc.slug === slug)!
    const { docs: reviews } = await payload.find({
      collection: 'reviews',
      where: {
        resource: { in: [resourceOf('swift-exchange').id, resourceOf('gadget-corner').id] },
        author: { in: people.docs.map((person) => person.id) },
      },
      pagination: false,
      depth: 0,
    })
    const { docs: reports } = await payload.find({
      collection: 'review-reports',
      where: {
        review: { in: reviews.map((review) => review.id) },
        status: { equals: 'open' },
      },
      pagination: false,
      depth: 0,
    })
    const reported = new Set(reports.map((report) => report.review))
    const held = reviews.filter((review) => review.status === 'pending')
    expect([reported.size, held.length, resourceOf('book-nook').status]).toEqual([2, 1, 'pending'])
    const counts = await waitingCounts({ payload })
    expect(counts.reports).toBeGreaterThanOrEqual(reported.size)
    expect(counts.held).toBeGreaterThanOrEqual(held.length)
    expect(counts.resources).toBeGreaterThanOrEqual(1)
  })

  it('should date the demo accounts back, so their reviews show members of a while', async () => {
    const { docs } = await payload.find({
      collection: 'users',
      where: { username: { in: ['user', 'chat-muted'] } },
      sort: 'username',
      depth: 0,
    })
    const ageInDays = (createdAt: string) =>
      Math.round((Date.now() - new Date(createdAt).getTime()) / 86_400_000)
    expect(docs.map((user) => [user.username, ageInDays(user.createdAt)])).toEqual([
      ['chat-muted', 3],
      ['user', 210],
    ])
  })

  it('should give the demo owner weeks of analytics, and the admin the site’s days', async () => {
    const [owner] = (
      await payload.find({ collection: 'users', where: { username: { equals: 'owner' } } })
    ).docs
    const period = periodOf('30d', today)
    const mine = await resourceAnalytics({ payload }, { user: owner, period })
    expect(mine.resources.length).toBeGreaterThanOrEqual(2)
    expect(mine.days.filter((day) => day.views > 0).length).toBeGreaterThanOrEqual(29)
    expect(mine.totals.views).toBeGreaterThan(mine.totals.visitors)
    expect(mine.totals.clicks).toBeGreaterThan(0)
    const site = await siteAnalytics({ payload }, { period })
    expect(site.totals.views).toBeGreaterThanOrEqual(mine.totals.views)
    expect(site.built_at).not.toBeNull()
  })

  it('should give the demo addresses a month of checks: one down since yesterday, one under 100%', async () => {
    const { docs } = await payload.find({
      collection: 'resources',
      where: { slug: { in: ['bazaar-one', 'silk-market', 'tradehub'] } },
      sort: 'slug',
    })
    const health = (
      await Promise.all(docs.map((doc) => readLinkHealth({ payload, resourceId: doc.id })))
    ).flat()
    const byUrl = Object.fromEntries(health.map((row) => [row.url, row]))
    const [down, flaky] = Object.keys(DEMO_LINK_OUTAGES)
    const day = 24 * 60 * 60 * 1000
    expect(byUrl[down]).toMatchObject({ up: false })
    expect(Date.now() - new Date(byUrl[down].since!).getTime()).toBeGreaterThan(day - 60_000)
    expect(byUrl[flaky]).toMatchObject({ up: true })
    expect(byUrl[flaky].checks_up).toBeLessThan(byUrl[flaky].checks)
    expect(byUrl['https://tradehub.example.com']).toMatchObject({ up: true })
    expect(byUrl['https://tradehub.example.com'].checks_up).toBe(
      byUrl['https://tradehub.example.com'].checks,
    )
  })

  it('should count in the analytics exactly the published reviews each demo resource shows', async () => {
    const [admin] = (
      await payload.find({ collection: 'users', where: { username: { equals: 'admin' } } })
    ).docs
    const period = { from: addDays(today, -60), to: today }
    const resources = await demoResources()
    const counted = await Promise.all(
      resources.map(async (resource) => {
        const figures = await resourceAnalytics(
          { payload },
          { user: admin, period, resourceId: resource.id },
        )
        return [resource.slug, figures.totals.reviews]
      }),
    )
    const shown = await Promise.all(
      resources.map(async (resource) => {
        const { totalDocs } = await payload.count({
          collection: 'reviews',
          where: {
            resource: { equals: resource.id },
            status: { equals: 'published' },
            createdAt: { greater_than_equal: `${period.from}T00:00:00.000Z` },
          },
        })
        return [resource.slug, totalDocs]
      }),
    )
    expect(counted).toEqual(shown)
  })

  it('should leave the demo addresses as the seed left them when the link checker runs', async () => {
    const resources = await demoResources()
    const health = async () =>
      (await Promise.all(resources.map((doc) => readLinkHealth({ payload, resourceId: doc.id }))))
        .flat()
        .map(({ url, up, since, checked_at }) => ({ url, up, since, checked_at }))
    const before = await health()
    const run = await runLinkChecks({
      payload,
      resourceIds: resources.map((doc) => doc.id),
      settings: { ...linkCheckSettings(), timeoutMs: 2000 },
    })
    expect([run.skipped, await health()]).toEqual([false, before])
    expect(before.filter((row) => row.up === false).map((row) => row.url)).toEqual([
      Object.keys(DEMO_LINK_OUTAGES)[0],
    ])
  })

  it('should give a demo resource a key and a signed list that leaves one address unsigned', async () => {
    const [resource] = (
      await payload.find({ collection: 'resources', where: { slug: { equals: SIGNED_DEMO_SLUG } } })
    ).docs
    const { docs: lists } = await payload.find({
      collection: 'signed-mirror-lists',
      where: { resource: { equals: resource.id } },
    })
    expect(resource.pgpFingerprint).toMatch(/^[0-9a-f]{40}$/)
    expect(lists.map((list) => list.addresses)).toEqual([SIGNED_DEMO_ADDRESSES])
    const unsigned = resource.links.filter((link) => !SIGNED_DEMO_ADDRESSES.includes(link.url))
    expect(unsigned.length).toBeGreaterThan(0)
  })

  it('should give the demo user and owner read and unread notifications, made by the events', async () => {
    const kindsOf = async (login: string) => {
      const account = await payload.find({
        collection: 'users',
        where: { username: { equals: login } },
        depth: 0,
      })
      const { docs } = await payload.find({
        collection: 'notifications',
        where: { recipient: { equals: account.docs[0].id } },
        pagination: false,
        depth: 0,
      })
      return {
        kinds: new Set(docs.map((row) => row.kind)),
        unread: docs.filter((row) => !row.readAt).length,
        read: docs.filter((row) => row.readAt).length,
      }
    }
    const user = await kindsOf('user')
    expect([...user.kinds].sort()).toEqual(['comment-reply', 'review-reply', 'ticket-answered'])
    const owner = await kindsOf('owner')
    expect([...owner.kinds].sort()).toEqual(
      expect.arrayContaining(['comment-reply', 'new-review', 'verification-decided']),
    )
    for (const counts of [user, owner]) {
      expect(counts.unread).toBe(DEMO_UNREAD_NOTIFICATIONS)
      expect(counts.read).toBeGreaterThan(0)
    }
    expect(DEMO_NOTIFIED).toEqual(['user', 'owner'])
  })

  it('should change nothing when it runs a second time', async () => {
    const before = await snapshot()
    const notificationsBefore = await payload.count({ collection: 'notifications' })
    const second = await seed({ payload })
    expect((await payload.count({ collection: 'notifications' })).totalDocs).toBe(
      notificationsBefore.totalDocs,
    )
    expect(second.users).toBe(0)
    expect(second.chat).toBe(0)
    expect(second.analytics).toBe(0)
    expect(second.linkChecks).toBe(0)
    expect(second.signedLists).toBe(0)
    expect(second.rateFeeds).toBe(0)
    expect(await snapshot()).toEqual(before)
  })

  it('should give the demo exchangers local rates feeds of realistic magnitudes, with items to refuse', async () => {
    const exchangers = (await demoResources()).filter((doc) => doc.slug! in DEMO_RATES_FEEDS)
    expect(exchangers.map((doc) => [doc.slug, doc.verified, doc.ratesFeed]).sort()).toEqual(
      Object.keys(DEMO_RATES_FEEDS)
        .map((slug) => [slug, true, demoRatesFeedUrl(slug)])
        .sort(),
    )
    const xml = await rest('GET', '/dev/rates-feed/ruble-bridge')
    expect(xml.headers.get('content-type')).toMatch(/^text\/xml/)
    const items = [
      ...xml.text.matchAll(
        /<item><from>(\w+)<\/from><to>(\w+)<\/to><in>([\d.]+)<\/in><out>([\d.]+)<\/out>/g,
      ),
    ]
    expect(items.length).toBeGreaterThanOrEqual(20)
    const rate = (from: string, to: string) => {
      const item = items.find((match) => match[1] === from && match[2] === to)!
      return Number(item[4]) / Number(item[3])
    }
    expect(rate('BTC', 'SBERRUB')).toBeGreaterThan(8_500_000)
    expect(rate('BTC', 'SBERRUB')).toBeLessThan(9_500_000)
    expect(rate('USDTTRC20', 'SBERRUB')).toBeGreaterThan(90)
    expect(rate('USDTTRC20', 'SBERRUB')).toBeLessThan(97)
    expect(1 / rate('SBERRUB', 'BTC')).toBeGreaterThan(9_000_000)
    // The items the fetcher must refuse: a code no currency has, limits the wrong way round.
    expect(xml.text).toContain('<to>DOGECOINRUB</to>')
    expect(xml.text).toMatch(/<minamount>5000<\/minamount><maxamount>100<\/maxamount>/)
    const json = await rest('GET', '/dev/rates-feed/swift-exchange')
    expect(json.json.rates.length).toBeGreaterThanOrEqual(20)
    expect((await rest('GET', '/dev/rates-feed/north-exchange')).status).toBe(503)
    expect((await rest('GET', '/dev/rates-feed/no-such-exchanger')).status).toBe(404)
  })

  it('should show the demo owner the down feed as stale, with the rates it gave ten minutes ago', async () => {
    const [owner] = (
      await payload.find({ collection: 'users', where: { username: { equals: 'owner' } } })
    ).docs
    const exchangers = (await demoResources()).filter((doc) => doc.slug! in DEMO_RATES_FEEDS)
    const health = await rateFeedHealth({
      payload,
      user: owner,
      resourceIds: exchangers.map((doc) => doc.id),
    })
    const north = health.find(
      (feed) => feed.resource_id === exchangers.find((doc) => doc.slug === 'north-exchange')!.id,
    )!
    expect(health.map((feed) => feed.resource_id)).toHaveLength(2)
    expect(north.state).toBe('stale')
    expect(north.offers).toBeGreaterThanOrEqual(20)
    const ago = Date.now() - new Date(north.fresh_at!).getTime()
    expect(ago).toBeGreaterThan(5 * 60_000)
    expect(ago).toBeLessThan(60 * 60_000)
  })

  it('should add the pages, news, posts with comments and FAQs in both languages', async () => {
    // Other test files share the database: count the demo documents by their slugs.
    const count = async (collection: 'pages' | 'news' | 'posts' | 'faqs', slugs: string[]) =>
      (await payload.count({ collection, where: { slug: { in: slugs } } })).totalDocs
    const slugsOf = (items: { slug: string }[]) => items.map(({ slug }) => slug)
    expect(await count('pages', slugsOf(DEMO_PAGES))).toBe(4)
    expect(await count('news', slugsOf(DEMO_NEWS))).toBe(3)
    expect(await count('posts', slugsOf(DEMO_POSTS))).toBe(3)
    expect(await count('faqs', slugsOf(DEMO_FAQS))).toBe(12)
    const [first] = (
      await payload.find({ collection: 'posts', where: { slug: { equals: DEMO_POSTS[0].slug } } })
    ).docs
    const comments = await payload.count({
      collection: 'comments',
      where: { post: { equals: first.id } },
    })
    expect(comments.totalDocs).toBeGreaterThan(10)
    const rules = await payload.find({
      collection: 'pages',
      where: { slug: { equals: 'rules' } },
      locale: 'all',
    })
    const title = rules.docs[0]?.title as unknown as Record<string, string>
    expect(title.ru).toBeTruthy()
    expect(title.en).toBeTruthy()
    const news = await payload.find({
      collection: 'news',
      where: { slug: { equals: DEMO_NEWS[0].slug } },
      depth: 1,
    })
    expect(news.docs[0]?._status).toBe('published')
    expect(news.docs[0]?.heroImage).toMatchObject({ sizes: { hero: { width: 1200 } } })
  })

  it('should add tickets and verification requests in each state', async () => {
    const user = await payload.find({
      collection: 'users',
      where: { username: { equals: 'user' } },
    })
    const tickets = await payload.find({
      collection: 'tickets',
      where: { author: { equals: user.docs[0].id } },
      pagination: false,
    })
    const states = tickets.docs.map((ticket) => `${ticket.status}:${ticket.unreadByAuthor}`)
    expect(states.sort()).toEqual(['answered:true', 'closed:false', 'open:false'])
    const bazaar = await payload.find({
      collection: 'resources',
      where: { slug: { in: ['bazaar-one', 'spice-shop', 'book-nook', 'garden-talk'] } },
      sort: 'slug',
    })
    const requests = await payload.find({
      collection: 'verification-requests',
      where: { resource: { in: bazaar.docs.map((resource) => resource.id) } },
      pagination: false,
    })
    expect(new Set(requests.docs.map((request) => request.status))).toEqual(
      new Set(['sent', 'awaitingReview', 'approved', 'rejected', 'revoked']),
    )
    expect(bazaar.docs.map((resource) => [resource.slug, resource.verified])).toEqual([
      ['bazaar-one', true],
      ['book-nook', false],
      ['garden-talk', false],
      ['spice-shop', true],
    ])
  })

  it('should leave unprocessed contact messages in the moderators’ queue, and one answered', async () => {
    // Other files may share this database: only the demo's messages count.
    const messages = await payload.find({
      collection: 'contact-messages',
      where: { subject: { in: DEMO_CONTACTS.map((demo) => demo.subject) } },
      pagination: false,
    })
    expect(messages.docs.filter((message) => !message.handled).length).toBeGreaterThanOrEqual(2)
    expect(messages.docs.filter((message) => message.handled && message.reply)).toHaveLength(1)
  })
})
