import path from 'node:path'

import type { Field, Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Favorite, User } from '@payload-types'

import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

/**
 * The admin people can read, and editors kept to what design.md §3 gives them. An editor reviews
 * and keeps favorites as any member does (the matrix: "review, comment, chat, favorite: yes"),
 * but not for someone else, and edits no resource, no other person's review, account or file,
 * on any door: REST, GraphQL (the admin goes through the same operations) and the Local API when
 * it acts for them. In the admin, only admins see reviews, favorites, resources and users.
 */

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

type Member = Awaited<ReturnType<typeof createMember>>

const SAMPLE_PNG = path.resolve(__dirname, '../fixtures/sample.png')

/** An editor, another member with a review and a favorite, and a published resource. */
const setting = async () => {
  const editor = await createMember({ payload, role: 'editor' })
  const member = await createMember({ payload })
  const resource = await createResource({ payload })
  const other = await createResource({ payload })
  const review = await payload.create({
    collection: 'reviews',
    data: {
      resource: resource.id,
      author: member.user.id,
      grade: 5,
      comment: 'Paid out fast.',
      status: 'published',
    },
  })
  const favorite = await payload.create({
    collection: 'favorites',
    data: { user: member.user.id, resource: resource.id },
  })
  return { editor, member, resource, other, review, favorite }
}

const reviewsBy = (author: number) =>
  payload
    .find({ collection: 'reviews', where: { author: { equals: author } }, depth: 0 })
    .then(({ docs }) => docs.map((doc) => ({ resource: doc.resource, comment: doc.comment })))

const storedReview = (id: number) =>
  payload.findByID({ collection: 'reviews', id, depth: 0, disableErrors: true })

const storedResource = (id: number) =>
  payload.findByID({ collection: 'resources', id, depth: 0, disableErrors: true })

const asEditorLocally = (editor: Member) => ({ user: editor.user, overrideAccess: false })

/** Runs a Local API call and tells its refusal (the error's name), or 'done'. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'done',
    (error: Error) => error.name,
  )

const graphqlFailed = (answer: Awaited<ReturnType<typeof graphql>>) =>
  Boolean(answer.json?.errors?.length)

describe('an editor and reviews', () => {
  it('should keep no review for another author, on REST, GraphQL or the Local API', async () => {
    const { editor, member, resource, other } = await setting()
    const third = await createResource({ payload })
    await rest('POST', '/reviews', {
      body: { resource: resource.id, author: member.user.id, grade: 1, comment: 'Forged (REST)' },
      token: editor.token,
    })
    await graphql(
      `
        mutation ($resource: Int!, $author: Int!) {
          createReview(
            data: {
              resource: $resource
              author: $author
              grade: 1
              comment: "Forged (GraphQL)"
              status: published
            }
          ) {
            id
          }
        }
      `,
      { variables: { resource: other.id, author: member.user.id }, token: editor.token },
    )
    await payload.create({
      collection: 'reviews',
      data: {
        resource: third.id,
        author: member.user.id,
        grade: 1,
        comment: 'Forged (Local)',
        status: 'published',
      },
      ...asEditorLocally(editor),
    })
    // Each review stands under the editor's own name: the other member wrote one review only.
    expect({
      member: await reviewsBy(member.user.id),
      editor: (await reviewsBy(editor.user.id)).map(({ comment }) => comment).sort(),
    }).toEqual({
      member: [{ resource: resource.id, comment: 'Paid out fast.' }],
      editor: ['Forged (GraphQL)', 'Forged (Local)', 'Forged (REST)'],
    })
  })

  it("should not change another's review on REST, GraphQL or the Local API", async () => {
    const { editor, review } = await setting()
    const viaRest = await rest('PATCH', `/reviews/${review.id}`, {
      body: { comment: 'Edited by the editor', grade: 1 },
      token: editor.token,
    })
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          updateReview(id: $id, data: { comment: "Edited by the editor", grade: 1 }) {
            id
          }
        }
      `,
      { variables: { id: review.id }, token: editor.token },
    )
    const local = await outcome(
      payload.update({
        collection: 'reviews',
        id: review.id,
        data: { comment: 'Edited by the editor', grade: 1 },
        ...asEditorLocally(editor),
      }),
    )
    const saved = await storedReview(review.id)
    expect({
      rest: viaRest.status,
      graphql: graphqlFailed(viaGraphql),
      local,
      stored: [saved?.comment, saved?.grade],
    }).toEqual({
      rest: 403,
      graphql: true,
      local: 'Forbidden',
      stored: ['Paid out fast.', 5],
    })
  })

  it("should not delete another's review on REST, GraphQL or the Local API", async () => {
    const { editor, review } = await setting()
    const viaRest = await rest('DELETE', `/reviews/${review.id}`, { token: editor.token })
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          deleteReview(id: $id) {
            id
          }
        }
      `,
      { variables: { id: review.id }, token: editor.token },
    )
    const local = await outcome(
      payload.delete({ collection: 'reviews', id: review.id, ...asEditorLocally(editor) }),
    )
    expect({
      rest: viaRest.status,
      graphql: graphqlFailed(viaGraphql),
      local,
      stored: (await storedReview(review.id))?.id,
    }).toEqual({ rest: 403, graphql: true, local: 'Forbidden', stored: review.id })
  })
})

describe('an editor and favorites', () => {
  it('should keep no favorite for someone else, on REST, GraphQL or the Local API', async () => {
    const { editor, member, other } = await setting()
    const third = await createResource({ payload })
    const fourth = await createResource({ payload })
    await rest('POST', '/favorites', {
      body: { user: member.user.id, resource: other.id },
      token: editor.token,
    })
    await graphql(
      `
        mutation ($user: Int!, $resource: Int!) {
          createFavorite(data: { user: $user, resource: $resource }) {
            id
          }
        }
      `,
      { variables: { user: member.user.id, resource: third.id }, token: editor.token },
    )
    await payload.create({
      collection: 'favorites',
      data: { user: member.user.id, resource: fourth.id },
      ...asEditorLocally(editor),
    })
    const kept = async (user: number) =>
      (await payload.find({ collection: 'favorites', where: { user: { equals: user } } })).totalDocs
    expect([await kept(member.user.id), await kept(editor.user.id)]).toEqual([1, 3])
  })

  it("should not remove another's favorite on REST, GraphQL or the Local API", async () => {
    const { editor, favorite } = await setting()
    const viaRest = await rest('DELETE', `/favorites/${favorite.id}`, { token: editor.token })
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          deleteFavorite(id: $id) {
            id
          }
        }
      `,
      { variables: { id: favorite.id }, token: editor.token },
    )
    const local = await outcome(
      payload.delete({ collection: 'favorites', id: favorite.id, ...asEditorLocally(editor) }),
    )
    const stored = await payload.findByID({
      collection: 'favorites',
      id: favorite.id,
      disableErrors: true,
    })
    expect([viaRest.status, graphqlFailed(viaGraphql), local, stored?.id]).toEqual([
      403,
      true,
      'Forbidden',
      favorite.id,
    ])
  })
})

describe('an editor and resources', () => {
  it('should add no resource on REST, GraphQL or the Local API', async () => {
    const { editor } = await setting()
    const title = `Editor's resource ${Date.now()}`
    const viaRest = await rest('POST', '/resources', {
      body: { type: 'shop', title, links: [{ url: 'https://example.com' }] },
      token: editor.token,
    })
    const viaGraphql = await graphql(
      `
        mutation ($title: String!) {
          createResource(
            data: {
              type: shop
              title: $title
              links: [{ url: "https://example.com" }]
              status: pending
            }
          ) {
            id
          }
        }
      `,
      { variables: { title }, token: editor.token },
    )
    const local = await outcome(
      payload.create({
        collection: 'resources',
        data: { type: 'shop', title, links: [{ url: 'https://example.com' }], status: 'pending' },
        ...asEditorLocally(editor),
      }),
    )
    const { totalDocs } = await payload.count({
      collection: 'resources',
      where: { title: { equals: title } },
    })
    expect([viaRest.status, graphqlFailed(viaGraphql), local, totalDocs]).toEqual([
      403,
      true,
      'Forbidden',
      0,
    ])
  })

  it('should change no resource on REST, GraphQL or the Local API', async () => {
    const { editor, resource } = await setting()
    const viaRest = await rest('PATCH', `/resources/${resource.id}`, {
      body: { anons: 'Edited by the editor', status: 'rejected' },
      token: editor.token,
    })
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          updateResource(id: $id, data: { anons: "Edited by the editor" }) {
            id
          }
        }
      `,
      { variables: { id: resource.id }, token: editor.token },
    )
    const local = await outcome(
      payload.update({
        collection: 'resources',
        id: resource.id,
        data: { anons: 'Edited by the editor' },
        ...asEditorLocally(editor),
      }),
    )
    const deleted = await rest('DELETE', `/resources/${resource.id}`, { token: editor.token })
    const saved = await storedResource(resource.id)
    expect({
      rest: [viaRest.status, deleted.status],
      graphql: graphqlFailed(viaGraphql),
      local,
      stored: [saved?.anons, saved?.status],
    }).toEqual({
      rest: [403, 403],
      graphql: true,
      local: 'Forbidden',
      stored: ['A place to trade', 'published'],
    })
  })
})

describe('an editor and other accounts', () => {
  const privateFields = (user: Partial<User> | null | undefined) => ({
    email: user?.email,
    phone: user?.phone,
    role: user?.role,
  })

  it("should read no other account's private fields on REST, GraphQL or the Local API", async () => {
    const { editor, member } = await setting()
    const one = await rest('GET', `/users/${member.user.id}`, { token: editor.token })
    const list = await rest('GET', '/users?limit=100', { token: editor.token })
    const viaGraphql = await graphql(
      `
        query ($id: Int!) {
          User(id: $id) {
            email
          }
          Users(limit: 100) {
            docs {
              id
              email
            }
          }
        }
      `,
      { variables: { id: member.user.id }, token: editor.token },
    )
    const local = await payload.find({
      collection: 'users',
      limit: 100,
      ...asEditorLocally(editor),
    })
    const localOne = await outcome(
      payload.findByID({ collection: 'users', id: member.user.id, ...asEditorLocally(editor) }),
    )
    expect({
      one: [one.status, privateFields(one.json)],
      list: list.json.docs.map(({ id }: User) => id),
      graphql: [
        viaGraphql.json?.data?.User ?? null,
        (viaGraphql.json?.data?.Users as { docs: { id: number }[] }).docs.map(({ id }) => id),
      ],
      local: local.docs.map(({ id }) => id),
      localOne,
    }).toEqual({
      one: [404, { email: undefined, phone: undefined, role: undefined }],
      list: [editor.user.id],
      graphql: [null, [editor.user.id]],
      local: [editor.user.id],
      localOne: 'NotFound',
    })
  })

  it("should not see a review's author's account through the review", async () => {
    const { editor, review } = await setting()
    const { json } = await rest('GET', `/reviews/${review.id}?depth=1`, { token: editor.token })
    const local = await payload.findByID({
      collection: 'reviews',
      id: review.id,
      depth: 1,
      ...asEditorLocally(editor),
    })
    expect([typeof json.author, typeof local.author]).toEqual(['number', 'number'])
  })

  it('should change no other account, nor their own role, on REST, GraphQL or the Local API', async () => {
    const { editor, member } = await setting()
    const viaRest = await rest('PATCH', `/users/${member.user.id}`, {
      body: { name: 'Renamed by the editor', blocked: true },
      token: editor.token,
    })
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          updateUser(id: $id, data: { name: "Renamed by the editor" }) {
            id
          }
        }
      `,
      { variables: { id: member.user.id }, token: editor.token },
    )
    const local = await outcome(
      payload.update({
        collection: 'users',
        id: member.user.id,
        data: { name: 'Renamed by the editor' },
        ...asEditorLocally(editor),
      }),
    )
    await rest('PATCH', `/users/${editor.user.id}`, {
      body: { role: 'admin' },
      token: editor.token,
    })
    const created = await rest('POST', '/users', {
      body: {
        username: `made${Date.now()}`,
        email: `made${Date.now()}@example.com`,
        password: 'secret-pass',
        displayName: `Made ${Date.now()}`,
      },
      token: editor.token,
    })
    const saved = await payload.findByID({ collection: 'users', id: member.user.id })
    const self = await payload.findByID({ collection: 'users', id: editor.user.id })
    expect({
      rest: [viaRest.status, created.status],
      graphql: graphqlFailed(viaGraphql),
      local,
      stored: [saved.name ?? null, saved.blocked, self.role],
    }).toEqual({
      rest: [403, 403],
      graphql: true,
      local: 'Forbidden',
      stored: [null, false, 'editor'],
    })
  })

  it("should change or remove no one else's file", async () => {
    const { editor, member } = await setting()
    const file = await payload.create({
      collection: 'media',
      data: { alt: 'Logo' },
      filePath: SAMPLE_PNG,
      user: member.user,
    })
    const changed = await rest('PATCH', `/media/${file.id}`, {
      body: { alt: 'Changed by the editor' },
      token: editor.token,
    })
    const deleted = await rest('DELETE', `/media/${file.id}`, { token: editor.token })
    const local = await outcome(
      payload.delete({ collection: 'media', id: file.id, ...asEditorLocally(editor) }),
    )
    const saved = await payload.findByID({ collection: 'media', id: file.id })
    expect([changed.status, deleted.status, local, saved.alt]).toEqual([
      403,
      403,
      'Forbidden',
      'Logo',
    ])
  })
})

describe('an admin', () => {
  it('should still write reviews for anyone, edit them, add resources and read accounts', async () => {
    const { member, other, review } = await setting()
    const admin = await createMember({ payload, role: 'admin' })
    const written = await rest('POST', '/reviews', {
      body: { resource: other.id, author: member.user.id, grade: 3, comment: 'Imported review' },
      token: admin.token,
    })
    const edited = await rest('PATCH', `/reviews/${review.id}`, {
      body: { status: 'hidden', hiddenReason: 'Advertising' },
      token: admin.token,
    })
    const added = await graphql(
      `
        mutation {
          createResource(
            data: {
              type: forum
              title: "Admin's forum"
              links: [{ url: "https://example.com" }]
              status: published
            }
          ) {
            type
          }
        }
      `,
      { token: admin.token },
    )
    const account = await rest('GET', `/users/${member.user.id}`, { token: admin.token })
    expect({
      written: [written.status, written.json.doc.author.id],
      edited: [edited.status, (await storedReview(review.id))?.status],
      added: added.json?.data,
      account: account.json.email,
    }).toEqual({
      written: [201, member.user.id],
      edited: [200, 'hidden'],
      added: { createResource: { type: 'forum' } },
      account: member.user.email,
    })
  })
})

describe("the admin's titles", () => {
  it("should title a favorite by its resource and find it by that title (the list's search)", async () => {
    const { favorite, resource } = await setting()
    const admin = await createMember({ payload, role: 'admin' })
    const title = encodeURIComponent(String(resource.title))
    const { status, json } = await rest(
      'GET',
      `/favorites?where[resourceTitle][like]=${title}&depth=0`,
      { token: admin.token },
    )
    expect([
      status,
      json.docs.map(({ id, resourceTitle }: Favorite) => [id, resourceTitle]),
    ]).toEqual([200, [[favorite.id, resource.title]]])
  })
})

describe('the admin panel', () => {
  const collectionConfig = (slug: string) =>
    payload.config.collections.find((collection) => collection.slug === slug)!

  const isHidden = (slug: string, user: User) => {
    const { hidden } = collectionConfig(slug).admin
    return typeof hidden === 'function'
      ? hidden({ user: { ...user, collection: 'users' } as never })
      : Boolean(hidden)
  }

  const ADMINS_ONLY = ['users', 'resources', 'reviews', 'favorites']

  it.each(ADMINS_ONLY)('should hide %s from editors and show it to admins', async (slug) => {
    const editor = await createMember({ payload, role: 'editor' })
    const admin = await createMember({ payload, role: 'admin' })
    expect([isHidden(slug, editor.user), isHidden(slug, admin.user)]).toEqual([true, false])
  })

  it("should show editors the files they upload for the site's texts", async () => {
    const editor = await createMember({ payload, role: 'editor' })
    expect(isHidden('media', editor.user)).toBe(false)
  })

  it('should ask no other site for an avatar', () => {
    expect(payload.config.admin.avatar).toBe('default')
  })

  it('should speak Russian by default, and English', () => {
    expect([
      payload.config.i18n.fallbackLanguage,
      Object.keys(payload.config.i18n.supportedLanguages).sort(),
    ]).toEqual(['ru', ['en', 'ru']])
  })

  /** The project's own collections, not Payload's (preferences, locked documents, migrations). */
  const projectCollections = () =>
    payload.config.collections.filter(({ slug }) => !slug.startsWith('payload-'))

  /** The admin options every kind of field may have. */
  const adminOf = (field: Field) =>
    (field.admin ?? {}) as {
      hidden?: boolean
      disabled?: boolean
      components?: { Field?: unknown }
    }

  /** Every field the admin shows, with its path; rows, tabs and collapsibles looked through. */
  const shownFields = (fields: Field[], prefix = ''): { path: string; field: Field }[] =>
    fields.flatMap((field) => {
      const hidden =
        ('hidden' in field && field.hidden) || adminOf(field).hidden || adminOf(field).disabled
      const name = 'name' in field ? field.name : ''
      const own = name && !hidden ? [{ path: `${prefix}${name}`, field }] : []
      const nested =
        'fields' in field && !hidden
          ? shownFields(field.fields, name ? `${prefix}${name}.` : prefix)
          : []
      return [...own, ...nested]
    })

  const isBilingual = (label: unknown) =>
    typeof label === 'function' ||
    (typeof label === 'object' &&
      label !== null &&
      typeof (label as Record<string, unknown>).ru === 'string' &&
      typeof (label as Record<string, unknown>).en === 'string')

  it('should name every collection in Russian and English', () => {
    const unnamed = projectCollections()
      .filter(({ labels }) => !isBilingual(labels.singular) || !isBilingual(labels.plural))
      .map(({ slug }) => slug)
    expect(unnamed).toEqual([])
  })

  it('should label every field it shows in Russian and English', () => {
    // Payload labels the fields it adds (timestamps, sign-in, upload) itself, with functions of
    // its translations; a plain string is the field's name made into words: no label was given.
    const unlabelled = projectCollections().flatMap(({ slug, fields }) =>
      shownFields(fields)
        .filter(({ field }) => !isBilingual('label' in field ? field.label : undefined))
        .filter(({ field }) => !('label' in field && field.label === false))
        .map(({ path: fieldPath }) => `${slug}.${fieldPath}`),
    )
    expect(unlabelled).toEqual([])
  })

  it('should label every option of every select in Russian and English', () => {
    const unlabelled = projectCollections().flatMap(({ slug, fields }) =>
      shownFields(fields).flatMap(({ path: fieldPath, field }) =>
        field.type === 'select'
          ? field.options
              .filter((option) => typeof option === 'string' || !isBilingual(option.label))
              .map((option) => `${slug}.${fieldPath}: ${JSON.stringify(option)}`)
          : [],
      ),
    )
    expect(unlabelled).toEqual([])
  })

  it("should load no JSON field's editor (Monaco, from a CDN)", () => {
    const withCodeEditor = projectCollections().flatMap(({ slug, fields }) =>
      shownFields(fields)
        .filter(({ field }) => field.type === 'json' || field.type === 'code')
        .filter(({ field }) => !adminOf(field).components?.Field)
        .map(({ path: fieldPath }) => `${slug}.${fieldPath}`),
    )
    expect(withCodeEditor).toEqual([])
  })

  it('should offer the country as a list, keeping the ISO code on every door', async () => {
    const member = await createMember({ payload })
    const country = collectionConfig('resources').fields.find(
      (field) => 'name' in field && field.name === 'country',
    )
    const refused = await rest('POST', '/resources', {
      body: {
        type: 'shop',
        title: 'Somewhere',
        links: [{ url: 'https://example.com' }],
        country: 'Russia',
      },
      token: member.token,
      headers: { 'Accept-Language': 'en' },
    })
    expect({
      field: [country?.type, country?.admin?.components?.Field],
      refused: [refused.status, refused.json.errors[0].data.errors],
    }).toEqual({
      field: ['text', '@/components/admin/CountryField.client#CountryField'],
      refused: [
        400,
        [expect.objectContaining({ path: 'country', message: 'Choose a country from the list.' })],
      ],
    })
  })
})
