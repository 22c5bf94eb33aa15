import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readListing } from '@/data/listing'
import { readPublishedResource } from '@/data/resources'
import { runSql } from '@/server/sql/run'

import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const newResource = (overrides: Record<string, unknown> = {}) => ({
  type: 'shop',
  title: 'Лавка Пряностей',
  anons: 'Специи со всего света',
  links: [{ url: 'https://spices.example.com' }, { url: 'http://mirror.spices.example.com' }],
  country: 'RU',
  ...overrides,
})

describe('adding a resource', () => {
  it('should make the author its owner and keep it pending, whatever they send', async () => {
    const { user, token } = await createMember({ payload })
    const { status, json } = await rest('POST', '/resources', {
      body: newResource({ status: 'published', verified: true }),
      token,
    })
    expect(status).toBe(201)
    expect(json.doc).toMatchObject({ status: 'pending', verified: false, reviewCount: 0 })
    expect(json.doc.owner.id ?? json.doc.owner).toBe(user.id)
    expect(json.doc.slug).toMatch(/^lavka-pryanostej/)
    const author = await payload.findByID({ collection: 'users', id: user.id })
    expect(author.role).toBe('owner')
  })

  it('should keep a resource added in English only in English, read in Russian until translated', async () => {
    const { token } = await createMember({ payload })
    const created = await rest('POST', '/resources?locale=en', {
      body: newResource({ title: 'Pepper Mill', anons: 'Spices from everywhere' }),
      token,
    })
    expect(created.status).toBe(201)
    const id = created.json.doc.id
    const russian = await payload.findByID({ collection: 'resources', id, locale: 'ru' })
    expect(russian).toMatchObject({ title: 'Pepper Mill', anons: 'Spices from everywhere' })
    const own = await payload.findByID({
      collection: 'resources',
      id,
      locale: 'ru',
      fallbackLocale: false,
    })
    expect(own.title ?? null).toBeNull()
    await payload.update({
      collection: 'resources',
      id,
      locale: 'ru',
      data: { title: 'Лавка специй' },
    })
    const [ru, en] = await Promise.all(
      (['ru', 'en'] as const).map((locale) =>
        payload.findByID({ collection: 'resources', id, locale }),
      ),
    )
    expect([ru.title, en.title]).toEqual(['Лавка специй', 'Pepper Mill'])
  })

  it('should keep slugs unique', async () => {
    const { token } = await createMember({ payload })
    const first = await rest('POST', '/resources', { body: newResource({ title: 'Twin' }), token })
    const second = await rest('POST', '/resources', { body: newResource({ title: 'Twin' }), token })
    expect(second.json.doc.slug).not.toBe(first.json.doc.slug)
  })

  it('should refuse a link that is not http or https', async () => {
    const { token } = await createMember({ payload })
    const { status } = await rest('POST', '/resources', {
      body: newResource({ links: [{ url: 'javascript:alert(1)' }] }),
      token,
    })
    expect(status).toBe(400)
  })

  it('should refuse a guest, an editor and an operator', async () => {
    const editor = await createMember({ payload, role: 'editor' })
    const operator = await createMember({ payload, role: 'storeOperator' })
    const answers = await Promise.all([
      rest('POST', '/resources', { body: newResource() }),
      rest('POST', '/resources', { body: newResource(), token: editor.token }),
      rest('POST', '/resources', { body: newResource(), token: operator.token }),
    ])
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403])
  })
})

describe('reading resources', () => {
  it('should show guests published resources only', async () => {
    const published = await createResource({ payload })
    const pending = await createResource({ payload, status: 'pending' })
    const { json } = await rest(
      'GET',
      `/resources?limit=100&where[id][in]=${published.id},${pending.id}`,
    )
    expect(json.docs.map((d: { id: number }) => d.id)).toEqual([published.id])
  })

  it('should show an owner their own pending resource', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const pending = await createResource({ payload, owner: owner.user.id, status: 'pending' })
    const { status } = await rest('GET', `/resources/${pending.id}`, { token: owner.token })
    expect(status).toBe(200)
  })
})

describe('editing resources', () => {
  it('should let the owner edit, but not publish, verify or rate their resource', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.user.id, status: 'pending' })
    const { status } = await rest('PATCH', `/resources/${resource.id}`, {
      body: { anons: 'Now with delivery', status: 'published', verified: true, ratingAverage: 5 },
      token: owner.token,
    })
    expect(status).toBe(200)
    expect(await payload.findByID({ collection: 'resources', id: resource.id })).toMatchObject({
      anons: 'Now with delivery',
      status: 'pending',
      verified: false,
      ratingAverage: 0,
    })
  })

  it('should let an operator edit the employer’s resources of the operator’s type only', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const operator = await createMember({
      payload,
      role: 'storeOperator',
      employer: owner.user.id,
    })
    const shop = await createResource({ payload, owner: owner.user.id, type: 'shop' })
    const forum = await createResource({ payload, owner: owner.user.id, type: 'forum' })
    const elsewhere = await createResource({ payload, type: 'shop' })
    const edit = (id: number) =>
      rest('PATCH', `/resources/${id}`, { body: { anons: 'Edited' }, token: operator.token })
    expect((await edit(shop.id)).status).toBe(200)
    expect((await edit(forum.id)).status).toBe(403)
    expect((await edit(elsewhere.id)).status).toBe(403)
  })

  it('should refuse a user editing someone else’s resource', async () => {
    const resource = await createResource({ payload })
    const { token } = await createMember({ payload })
    const { status } = await rest('PATCH', `/resources/${resource.id}`, {
      body: { anons: 'Hijacked' },
      token,
    })
    expect(status).toBe(403)
    const stranger = await createMember({ payload, role: 'owner' })
    const removed = await rest('DELETE', `/resources/${resource.id}`, { token: stranger.token })
    expect(removed.status).toBe(403)
  })

  it('should let an admin publish a resource', async () => {
    const admin = await createMember({ payload, role: 'admin' })
    const resource = await createResource({ payload, status: 'pending' })
    await rest('PATCH', `/resources/${resource.id}`, {
      body: { status: 'published', verified: true },
      token: admin.token,
    })
    expect(await payload.findByID({ collection: 'resources', id: resource.id })).toMatchObject({
      status: 'published',
      verified: true,
    })
  })
})

describe('save-resource', () => {
  const form = (
    fields: Record<string, string>,
    image?: { bytes: Uint8Array; name: string; type: string },
  ) => {
    const body = new FormData()
    for (const [key, value] of Object.entries(fields)) body.append(key, value)
    if (image)
      body.append(
        'image',
        new Blob([new Uint8Array(image.bytes)], { type: image.type }),
        image.name,
      )
    return body
  }
  const fields = {
    type: 'forum',
    title_ru: 'Форум садоводов',
    title_en: 'Gardeners forum',
    anons_ru: 'Про грядки',
    anons_en: 'About beds',
    links: JSON.stringify(['https://garden.example.com']),
    country: 'ru',
    description_en: JSON.stringify({
      root: { type: 'root', version: 1, format: '', indent: 0, direction: 'ltr', children: [] },
    }),
  }
  const english = { 'Accept-Language': 'en' }

  it('should save both languages at once, pending, with its author as owner', async () => {
    const { user, token } = await createMember({ payload })
    const { status, json } = await rest('POST', '/save-resource', { body: form(fields), token })
    expect(status).toBe(200)
    expect(json.resource).toMatchObject({ status: 'pending', type: 'forum', country: 'RU' })
    const ru = await payload.findByID({
      collection: 'resources',
      id: json.resource.id,
      locale: 'ru',
    })
    const en = await payload.findByID({
      collection: 'resources',
      id: json.resource.id,
      locale: 'en',
    })
    expect([ru.title, en.title]).toEqual(['Форум садоводов', 'Gardeners forum'])
    expect((await payload.findByID({ collection: 'users', id: user.id })).role).toBe('owner')

    const edited = await rest('POST', '/save-resource', {
      body: form({ ...fields, id: String(json.resource.id), title_en: 'Garden forum' }),
      token,
      headers: english,
    })
    expect(edited.json.resource.title).toBe('Garden forum')
  })

  it('should refuse to edit someone else’s resource, and not reveal a pending one', async () => {
    const resource = await createResource({ payload })
    const pending = await createResource({ payload, status: 'pending' })
    const { token } = await createMember({ payload, role: 'owner' })
    const edit = (id: number) =>
      rest('POST', '/save-resource', { body: form({ ...fields, id: String(id) }), token })
    expect((await edit(resource.id)).status).toBe(403)
    expect((await edit(pending.id)).status).toBe(404)
  })

  it('should refuse an editor adding a resource', async () => {
    const { token } = await createMember({ payload, role: 'editor' })
    const { status } = await rest('POST', '/save-resource', { body: form(fields), token })
    expect(status).toBe(403)
  })

  it('should name the fields that are wrong and save nothing', async () => {
    const { user, token } = await createMember({ payload })
    const { status, json } = await rest('POST', '/save-resource', {
      body: form({ ...fields, title_en: '', links: JSON.stringify(['ftp://x.example.com']) }),
      token,
      headers: english,
    })
    expect(status).toBe(422)
    expect(json.errors).toMatchObject({
      title_en: ['This field is required.'],
      links: ['An address must start with http:// or https://.'],
    })
    const { totalDocs } = await payload.count({
      collection: 'resources',
      where: { owner: { equals: user.id } },
    })
    expect(totalDocs).toBe(0)
  })

  it('should refuse an image whose bytes are not an image, whatever its name', async () => {
    const { token } = await createMember({ payload })
    const { status, json } = await rest('POST', '/save-resource', {
      body: form(fields, {
        bytes: new TextEncoder().encode('<svg onload=alert(1)>'),
        name: 'logo.png',
        type: 'image/png',
      }),
      token,
      headers: english,
    })
    expect([status, json.errors.image[0]]).toEqual([422, 'File type is not allowed.'])
  })
})

describe('a resource in one language', () => {
  const publish = (id: number) =>
    payload.update({ collection: 'resources', id, data: { status: 'published' } })

  const russianOnly = () => {
    const body = new FormData()
    body.append('type', 'shop')
    body.append('title_ru', `Чайная лавка ${Date.now().toString(36)}`)
    body.append('anons_ru', 'Чай со всего света')
    body.append('title_en', '')
    body.append('anons_en', '')
    body.append('links', JSON.stringify(['https://tea.example.com']))
    return body
  }

  it('should be accepted by save-resource in Russian only, and shown in English with a note', async () => {
    const { token } = await createMember({ payload })
    const { status, json } = await rest('POST', '/save-resource', { body: russianOnly(), token })
    expect(status).toBe(200)
    await publish(json.resource.id)
    const page = await readPublishedResource(json.resource.id, 'en')
    expect(page).toMatchObject({ anons: 'Чай со всего света', shown_in: 'ru' })
    expect(page?.title).toMatch(/^Чайная лавка/)
    expect((await readPublishedResource(json.resource.id, 'ru'))?.shown_in).toBe('ru')
  })

  it('should be accepted by save-resource in English only, on a Russian form', async () => {
    const { token } = await createMember({ payload })
    const body = new FormData()
    body.append('type', 'forum')
    body.append('title_en', 'Tea talk')
    body.append('links', JSON.stringify(['https://teatalk.example.com']))
    const { status, json } = await rest('POST', '/save-resource', {
      body,
      token,
      headers: { 'Accept-Language': 'ru' },
    })
    expect(status).toBe(200)
    expect(json.resource.title).toBe('Tea talk')
    expect(json.resource.slug).toMatch(/^tea-talk/)
    await publish(json.resource.id)
    expect(await readPublishedResource(json.resource.id, 'ru')).toMatchObject({
      title: 'Tea talk',
      shown_in: 'en',
    })
  })

  it('should ask for a title in either language when neither is given, and save nothing', async () => {
    const { user, token } = await createMember({ payload })
    const body = russianOnly()
    body.set('title_ru', '')
    body.set('anons_ru', '')
    const { status, json } = await rest('POST', '/save-resource', {
      body,
      token,
      headers: { 'Accept-Language': 'en' },
    })
    const oneLanguage = ['Give the title in at least one language.']
    expect([status, json.errors]).toEqual([422, { title_ru: oneLanguage, title_en: oneLanguage }])
    const { totalDocs } = await payload.count({
      collection: 'resources',
      where: { owner: { equals: user.id } },
    })
    expect(totalDocs).toBe(0)
  })

  it('should ask for the title of a language whose summary is filled in', async () => {
    const { token } = await createMember({ payload })
    const body = russianOnly()
    body.set('anons_en', 'Tea from everywhere')
    const { status, json } = await rest('POST', '/save-resource', { body, token })
    expect([status, Object.keys(json.errors)]).toEqual([422, ['title_en']])
  })

  it('should refuse to empty the title of a language the resource has', async () => {
    const { token } = await createMember({ payload })
    const added = await rest('POST', '/save-resource', { body: russianOnly(), token })
    const body = russianOnly()
    body.append('id', String(added.json.resource.id))
    body.set('title_ru', '')
    body.set('title_en', 'Tea shop')
    const { status, json } = await rest('POST', '/save-resource', { body, token })
    expect([status, Object.keys(json.errors)]).toEqual([422, ['title_ru']])
  })

  it('should let an admin publish a resource written in English only, through REST in Russian', async () => {
    const { token: author } = await createMember({ payload })
    const created = await rest('POST', '/resources?locale=en', {
      body: newResource({ title: 'Only English', anons: 'Nothing in Russian' }),
      token: author,
    })
    const { token: admin } = await createMember({ payload, role: 'admin' })
    const published = await rest('PATCH', `/resources/${created.json.doc.id}?locale=ru`, {
      body: { status: 'published' },
      token: admin,
    })
    expect(published.status).toBe(200)
    expect(published.json.doc).toMatchObject({ status: 'published', title: 'Only English' })
  })

  it('should be accepted through GraphQL in English only, and read in Russian from English', async () => {
    const { token } = await createMember({ payload })
    const { json } = await graphql(
      `
        mutation {
          createResource(
            locale: en
            data: {
              type: shop
              title: "Coffee corner"
              status: pending
              links: [{ url: "https://coffee.example.com" }]
            }
          ) {
            id
            title
          }
        }
      `,
      { token },
    )
    expect(json?.errors).toBeUndefined()
    const created = json?.data?.createResource as { id: number; title: string }
    expect(created.title).toBe('Coffee corner')
    const russian = await rest('GET', `/resources/${created.id}?locale=ru&depth=0`, { token })
    expect(russian.json.title).toBe('Coffee corner')
  })

  it('should list a resource written in the other language under its title', async () => {
    const title = `Zz tea ${Date.now().toString(36)}`
    const created = await payload.create({
      collection: 'resources',
      locale: 'en',
      data: {
        type: 'exchanger',
        title,
        links: [{ url: 'https://zz.example.com' }],
        status: 'published',
      },
    })
    const listing = await readListing({ locale: 'ru', type: 'exchanger', page: 1, sort: 'name' })
    const pages = Array.from({ length: listing.pages }, (_, i) => i + 1)
    const all = (
      await Promise.all(
        pages.map((page) => readListing({ locale: 'ru', type: 'exchanger', page, sort: 'name' })),
      )
    ).flatMap((each) => each.resources)
    expect(all.find((resource) => resource.id === created.id)?.title).toBe(title)
  })
})

describe('the other language of a resource written in one', () => {
  /** The resource's row of each language, as stored. */
  const rowsOf = async (id: number) =>
    (
      await runSql<{
        locale: string
        title: string | null
        anons: string | null
        reason: string | null
      }>({
        payload,
        query: sql`SELECT _locale::text AS locale, title, anons, public_status_reason AS reason
                   FROM resources_locales WHERE _parent_id = ${id} ORDER BY _locale`,
      })
    ).rows

  /** A language's own values, with no fallback to the other's. */
  const own = (id: number, locale: 'ru' | 'en') =>
    payload.findByID({ collection: 'resources', id, locale, fallbackLocale: false, depth: 0 })

  const russianOnly = () => createResource({ payload, title: `Чайная ${Date.now().toString(36)}` })

  it('should store an English summary given without a title, through the Local API', async () => {
    const resource = await russianOnly()
    const updated = await payload.update({
      collection: 'resources',
      id: resource.id,
      locale: 'en',
      data: { anons: 'Tea from everywhere' },
    })
    expect(updated).toMatchObject({ anons: 'Tea from everywhere', title: resource.title })
    const [en, ru] = await Promise.all([own(resource.id, 'en'), own(resource.id, 'ru')])
    expect([en.title ?? null, en.anons]).toEqual([null, 'Tea from everywhere'])
    expect([ru.title, ru.anons]).toEqual([resource.title, 'A place to trade'])
    expect(await rowsOf(resource.id)).toEqual([
      { locale: 'ru', title: resource.title, anons: 'A place to trade', reason: null },
      { locale: 'en', title: null, anons: 'Tea from everywhere', reason: null },
    ])
  })

  it('should store an English summary an admin gives without a title, through REST', async () => {
    const resource = await russianOnly()
    const { token } = await createMember({ payload, role: 'admin' })
    const { status, json } = await rest('PATCH', `/resources/${resource.id}?locale=en`, {
      body: { anons: 'Tea from everywhere' },
      token,
    })
    expect([status, json.doc?.anons]).toEqual([200, 'Tea from everywhere'])
    const [en, ru] = await Promise.all([own(resource.id, 'en'), own(resource.id, 'ru')])
    expect([en.title ?? null, en.anons]).toEqual([null, 'Tea from everywhere'])
    expect([ru.title, ru.anons]).toEqual([resource.title, 'A place to trade'])
  })

  it('should store an admin’s English status reason, through the Local API and REST', async () => {
    const resource = await russianOnly()
    await payload.update({
      collection: 'resources',
      id: resource.id,
      locale: 'ru',
      data: { publicStatus: 'warning', publicStatusReason: 'Жалобы на доставку' },
    })
    await payload.update({
      collection: 'resources',
      id: resource.id,
      locale: 'en',
      data: { publicStatusReason: 'Delivery complaints' },
    })
    expect((await own(resource.id, 'en')).publicStatusReason).toBe('Delivery complaints')
    const { token } = await createMember({ payload, role: 'admin' })
    const { status } = await rest('PATCH', `/resources/${resource.id}?locale=en`, {
      body: { publicStatusReason: 'Late deliveries' },
      token,
    })
    expect(status).toBe(200)
    const [en, ru] = await Promise.all([own(resource.id, 'en'), own(resource.id, 'ru')])
    expect([en.publicStatus, en.publicStatusReason, en.title ?? null]).toEqual([
      'warning',
      'Late deliveries',
      null,
    ])
    expect([ru.title, ru.anons, ru.publicStatusReason]).toEqual([
      resource.title,
      'A place to trade',
      'Жалобы на доставку',
    ])
  })

  it('should keep an English reason given with a new status while publishing a Russian owner’s resource', async () => {
    const { user: owner } = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.id, status: 'pending' })
    const { token } = await createMember({ payload, role: 'admin' })
    const { status } = await rest('PATCH', `/resources/${resource.id}?locale=en`, {
      body: { status: 'published', publicStatus: 'scam', publicStatusReason: 'Took payments' },
      token,
    })
    expect(status).toBe(200)
    const en = await own(resource.id, 'en')
    expect([en.status, en.publicStatus, en.publicStatusReason]).toEqual([
      'published',
      'scam',
      'Took payments',
    ])
    const { docs } = await payload.find({
      collection: 'resource-status-changes',
      where: { resource: { equals: resource.id } },
      locale: 'en',
      fallbackLocale: false,
    })
    expect(docs.map((change) => [change.to, change.reason])).toEqual([['scam', 'Took payments']])
  })
})
