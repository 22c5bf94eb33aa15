import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { statusFeedOf, statusJsonFeed, statusRss } from '@/components/directory/statusFeedDocuments'
import { readListing } from '@/data/listing'
import { readPublishedResource } from '@/data/resources'
import { readStatusFeed } from '@/data/statusChanges'
import type { Locale } from '@/i18n/routing'
import { directoryViewPath } from '@/lib/directoryViews'
import { DEMO_MARKED_RESOURCES, seedStatuses } from '@/seed/statuses'
import { serverMessage } from '@/server/serverMessages'

import { createMember, createResource, unique } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
type Member = Awaited<ReturnType<typeof createMember>>

let adminMember: Member
const admin = async () => (adminMember ??= await createMember({ payload, role: 'admin' }))

const resourceOf = (id: number) =>
  payload.findByID({ collection: 'resources', id, depth: 0, locale: 'en' })

const historyOf = async (resourceId: number) =>
  (
    await payload.find({
      collection: 'resource-status-changes',
      where: { resource: { equals: resourceId } },
      sort: '-createdAt',
      depth: 0,
      locale: 'en',
    })
  ).docs

/** A resource an owner has, and an operator of that owner who works on its type. */
const ownedResource = async () => {
  const owner = await createMember({ payload, role: 'owner' })
  const operator = await createMember({
    payload,
    role: 'marketplaceOperator',
    employer: owner.user.id,
  })
  const resource = await createResource({ payload, owner: owner.user.id, type: 'marketplace' })
  return { owner, operator, resource }
}

const markScam = (token: string, id: number, body: Record<string, unknown> = {}) =>
  rest('PATCH', `/resources/${id}`, {
    token,
    headers: english,
    body: { publicStatus: 'scam', publicStatusReason: 'Stopped paying out', ...body },
  })

describe('setting the public status', () => {
  it('should let an admin set it over REST with a reason, and keep its time and history', async () => {
    const { token } = await admin()
    const resource = await createResource({ payload })
    const { status, json } = await markScam(token, resource.id)
    expect(status, JSON.stringify(json)).toBe(200)
    const saved = await resourceOf(resource.id)
    expect(saved).toMatchObject({ publicStatus: 'scam', publicStatusReason: 'Stopped paying out' })
    expect(saved.publicStatusAt).toBeTruthy()
    const history = await historyOf(resource.id)
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ from: 'none', to: 'scam', reason: 'Stopped paying out' })
  })

  it('should refuse a new status without a reason, in the request language, changing nothing', async () => {
    const { token } = await admin()
    const resource = await createResource({ payload })
    const english = await markScam(token, resource.id, { publicStatusReason: '  ' })
    expect(english.status).toBe(400)
    expect(JSON.stringify(english.json)).toContain('Give the reason for the status')
    const russian = await rest('PATCH', `/resources/${resource.id}`, {
      token,
      headers: { 'Accept-Language': 'ru' },
      body: { publicStatus: 'warning' },
    })
    expect(russian.status).toBe(400)
    expect(JSON.stringify(russian.json)).toContain('Укажите причину статуса')
    expect((await resourceOf(resource.id)).publicStatus).toBe('none')
    expect(await historyOf(resource.id)).toEqual([])
  })

  it('should forget the previous status reason in the other language when the status changes', async () => {
    const resource = await createResource({ payload })
    const update = (locale: 'ru' | 'en', data: Record<string, unknown>) =>
      payload.update({ collection: 'resources', id: resource.id, locale, data })
    await update('ru', { publicStatus: 'warning', publicStatusReason: 'Задерживает выплаты' })
    // (An English save of a resource with no English title yet stores nothing in English.)
    await update('en', { title: 'Slow Exchange', publicStatusReason: 'Delays payouts' })
    await update('ru', { publicStatus: 'scam', publicStatusReason: 'Перестал платить' })
    const reasonIn = async (locale: 'ru' | 'en') =>
      (
        await payload.findByID({
          collection: 'resources',
          id: resource.id,
          locale,
          fallbackLocale: false,
          depth: 0,
        })
      ).publicStatusReason ?? null
    expect([await reasonIn('ru'), await reasonIn('en')]).toEqual(['Перестал платить', null])
  })

  it('should refuse a new status without a reason on the Local API too', async () => {
    const resource = await createResource({ payload })
    await expect(
      payload.update({
        collection: 'resources',
        id: resource.id,
        data: { publicStatus: 'closed' },
      }),
    ).rejects.toThrow()
    expect((await resourceOf(resource.id)).publicStatus).toBe('none')
  })

  it('should write one history row per change, none for unrelated saves', async () => {
    const { token } = await admin()
    const resource = await createResource({ payload })
    await rest('PATCH', `/resources/${resource.id}`, {
      token,
      headers: english,
      body: { publicStatus: 'warning', publicStatusReason: 'Slow payouts' },
    })
    await rest('PATCH', `/resources/${resource.id}`, {
      token,
      headers: english,
      body: { anons: 'Another summary' },
    })
    await markScam(token, resource.id)
    await rest('PATCH', `/resources/${resource.id}`, {
      token,
      headers: english,
      body: { verified: true },
    })
    const history = await historyOf(resource.id)
    expect(history.map((row) => [row.from, row.to, row.reason])).toEqual([
      ['warning', 'scam', 'Stopped paying out'],
      ['none', 'warning', 'Slow payouts'],
    ])
  })

  it('should leave it unchanged when an owner, operator, user or editor sends it over REST', async () => {
    const { owner, operator, resource } = await ownedResource()
    const user = await createMember({ payload })
    const editor = await createMember({ payload, role: 'editor' })
    for (const member of [owner, operator, user, editor]) {
      await markScam(member.token, resource.id)
    }
    expect((await resourceOf(resource.id)).publicStatus).toBe('none')
    expect(await historyOf(resource.id)).toEqual([])
  })

  it('should leave it unchanged when an owner or operator sends it over GraphQL', async () => {
    const { owner, operator, resource } = await ownedResource()
    for (const member of [owner, operator]) {
      await graphql(
        `
          mutation ($id: Int!) {
            updateResource(id: $id, data: { publicStatus: scam, publicStatusReason: "Bad" }) {
              id
            }
          }
        `,
        { token: member.token, variables: { id: resource.id } },
      )
    }
    expect((await resourceOf(resource.id)).publicStatus).toBe('none')
    expect(await historyOf(resource.id)).toEqual([])
  })

  it('should start with none when an owner creates a resource naming a status over REST', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const { json } = await rest('POST', '/resources', {
      token: owner.token,
      body: {
        type: 'shop',
        title: `Shop ${unique()}`,
        links: [{ url: 'https://example.com' }],
        publicStatus: 'scam',
        publicStatusReason: 'Competitor',
      },
    })
    expect(json.doc.publicStatus).toBe('none')
  })

  it('should leave it unchanged when an owner or operator saves the resource on the site', async () => {
    const { owner, operator, resource } = await ownedResource()
    for (const member of [owner, operator]) {
      const body = new FormData()
      const fields: Record<string, string> = {
        id: String(resource.id),
        type: 'marketplace',
        title_en: resource.title,
        links: JSON.stringify(['https://example.com']),
        publicStatus: 'scam',
        publicStatusReason: 'Competitor',
      }
      for (const [key, value] of Object.entries(fields)) body.append(key, value)
      await rest('POST', '/save-resource', { body, token: member.token, headers: english })
    }
    expect((await resourceOf(resource.id)).publicStatus).toBe('none')
    expect(await historyOf(resource.id)).toEqual([])
  })
})

describe('the status history', () => {
  it('should not be created, edited or deleted by anyone, admins included, on REST or GraphQL', async () => {
    const { token } = await admin()
    const resource = await createResource({ payload })
    await markScam(token, resource.id)
    const [row] = await historyOf(resource.id)
    const created = await rest('POST', '/resource-status-changes', {
      token,
      body: { resource: resource.id, from: 'none', to: 'warning' },
    })
    expect(created.status).toBe(403)
    const edited = await rest('PATCH', `/resource-status-changes/${row.id}`, {
      token,
      body: { reason: 'Edited' },
    })
    expect(edited.status).toBe(403)
    const deleted = await rest('DELETE', `/resource-status-changes/${row.id}`, { token })
    expect(deleted.status).toBe(403)
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          deleteResourceStatusChange(id: $id) {
            id
          }
        }
      `,
      { token, variables: { id: row.id } },
    )
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    expect(await historyOf(resource.id)).toHaveLength(1)
  })

  it('should show who changed it to admins only, and only published resources to the public', async () => {
    const { user: adminUser, token } = await admin()
    const published = await createResource({ payload })
    const pending = await createResource({ payload, status: 'pending' })
    await markScam(token, published.id)
    await markScam(token, pending.id)
    const asAdmin = await rest(
      'GET',
      `/resource-status-changes?where[resource][equals]=${published.id}`,
      {
        token,
      },
    )
    expect(asAdmin.json.docs[0].changedBy).toMatchObject({ id: adminUser.id })
    const member = await createMember({ payload })
    for (const viewer of [member.token, undefined]) {
      const shown = await rest(
        'GET',
        `/resource-status-changes?where[resource][in]=${published.id},${pending.id}&depth=0`,
        { token: viewer },
      )
      expect(shown.status).toBe(200)
      expect(shown.json.docs.map((row: { resource: number }) => row.resource)).toEqual([
        published.id,
      ])
      expect(shown.json.docs[0].changedBy).toBeUndefined()
    }
  })
})

describe('listings', () => {
  it('should keep the status in the listing view, and drop an unknown one', () => {
    const view = (query: string) =>
      directoryViewPath('/resources/exchangers', new URLSearchParams(query))
    expect(view('status=scam&sort=newest')).toBe(
      '/directory-view/listing/exchangers/sort-newest.status-scam',
    )
    expect(view('status=none')).toBe('/directory-view/listing/exchangers/default')
  })

  /** Each test's resources in a country of their own, apart from the other tests'. */
  const scamAndFine = async (country: string) => {
    const { token } = await admin()
    const fine = await createResource({ payload, type: 'exchanger', country })
    const scam = await createResource({ payload, type: 'exchanger', country })
    const closed = await createResource({ payload, type: 'exchanger', country })
    await markScam(token, scam.id)
    await rest('PATCH', `/resources/${closed.id}`, {
      token,
      headers: english,
      body: { publicStatus: 'closed', publicStatusReason: 'Shut down' },
    })
    return { fine, scam, closed, country }
  }

  it('should leave scam and closed resources out of the best rated', async () => {
    const { fine, scam, closed, country } = await scamAndFine('LI')
    const { resources } = await readListing({
      locale: 'en',
      type: 'exchanger',
      page: 1,
      sort: 'best',
      country,
    })
    const ids = resources.map((resource) => resource.id)
    expect(ids).toContain(fine.id)
    expect(ids).not.toContain(scam.id)
    expect(ids).not.toContain(closed.id)
  })

  it('should list only the resources of a status when filtered by it, with its label', async () => {
    const { scam, country } = await scamAndFine('MC')
    const { resources } = await readListing({
      locale: 'en',
      type: 'exchanger',
      page: 1,
      sort: 'best',
      country,
      status: 'scam',
    })
    expect(resources.map((resource) => [resource.id, resource.public_status])).toEqual([
      [scam.id, 'scam'],
    ])
  })
})

describe('the status feeds', () => {
  const feedIn = async (locale: Locale) =>
    statusFeedOf({
      locale,
      items: await readStatusFeed({ locale }),
      t: (key, values) => serverMessage({ locale, key: `status.${key}`, values }),
      siteName: 'Obzor',
    })

  const markedPair = async () => {
    const { token } = await admin()
    const published = await createResource({ payload, title: `Published ${unique()}` })
    const pending = await createResource({
      payload,
      status: 'pending',
      title: `Pending ${unique()}`,
    })
    await markScam(token, published.id)
    await markScam(token, pending.id)
    return { published, pending }
  }

  it('should give published resources’ changes as RSS 2.0, newest first', async () => {
    const { published, pending } = await markedPair()
    const xml = statusRss(await feedIn('en'))
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true)
    expect(xml).toContain('<language>en</language>')
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1])
    expect(items.length).toBeGreaterThan(0)
    expect(xml.match(/<item>/g)?.length).toBe(xml.match(/<\/item>/g)?.length)
    expect(items[0]).toContain(`<title>${published.title}: Scam</title>`)
    expect(items[0]).toContain('No label → Scam. Stopped paying out')
    expect(xml).not.toContain(pending.title)
  })

  it('should give the same as JSON Feed 1.1, in Russian too', async () => {
    const { published, pending } = await markedPair()
    const feed = JSON.parse(statusJsonFeed(await feedIn('ru')))
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: expect.stringContaining('Изменения статусов ресурсов'),
      feed_url: expect.stringMatching(/\/status-changes\/feed\.json$/),
      language: 'ru-RU',
    })
    expect(feed.items[0]).toMatchObject({
      id: expect.stringMatching(/#status-change-\d+$/),
      url: expect.stringContaining(`/resources/marketplaces/${published.slug}`),
      title: `${published.title}: Мошенники`,
      date_published: expect.any(String),
    })
    const titles = feed.items.map((item: { title: string }) => item.title).join('\n')
    expect(titles).not.toContain(pending.title)
  })
})

describe('the demo seed', () => {
  it('should mark demo resources in each status, with a warning that became a scam', async () => {
    const { seed } = await import('@/seed')
    await seed({ payload })
    expect(await seedStatuses({ payload })).toBe(0)
    // The demo's marked resources by their slugs: other files mark resources of their own.
    const { docs } = await payload.find({
      collection: 'resources',
      where: {
        publicStatus: { not_equals: 'none' },
        slug: { in: DEMO_MARKED_RESOURCES.map(({ slug }) => slug) },
      },
      depth: 0,
      pagination: false,
    })
    expect(new Set(docs.map((doc) => doc.publicStatus))).toEqual(
      new Set(['warning', 'scam', 'closed', 'offline']),
    )
    const scam = docs.find((doc) => doc.slug === 'quick-swap')!
    const history = await historyOf(scam.id)
    expect(history.map((row) => [row.from, row.to])).toEqual([
      ['warning', 'scam'],
      ['none', 'warning'],
    ])
    expect(history[0].reason).toContain('Stopped paying out')
  })
})

describe('a reason written in one language', () => {
  it('should be shown to the other language’s readers marked as written in it, until admins write theirs', async () => {
    const resource = await createResource({ payload, title: `One language ${unique()}` })
    const mark = (locale: Locale, reason: string) =>
      payload.update({
        collection: 'resources',
        id: resource.id,
        locale,
        data: { publicStatus: 'warning', publicStatusReason: reason },
      })
    await mark('ru', 'Задерживает выплаты')
    const change = async (locale: Locale) =>
      (await readStatusFeed({ locale })).find((item) => item.resource_id === resource.id)
    expect(await change('en')).toMatchObject({ reason: 'Задерживает выплаты', reason_lang: 'ru' })
    expect(await change('ru')).toMatchObject({ reason: 'Задерживает выплаты', reason_lang: 'ru' })
    const page = await readPublishedResource(resource.id, 'en')
    expect(page).toMatchObject({ publicStatusReason: 'Задерживает выплаты', reason_in: 'ru' })

    await payload.update({
      collection: 'resources',
      id: resource.id,
      locale: 'en',
      data: { title: 'Written in English too', publicStatusReason: 'Delays payouts' },
    })
    const written = await readPublishedResource(resource.id, 'en')
    expect(written).toMatchObject({ publicStatusReason: 'Delays payouts', reason_in: 'en' })
  })
})
