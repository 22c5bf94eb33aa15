import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { CallDeclaration } from '@/api/call'
import * as roleModel from '@/lib/roles'
import { ROLES, type Role, canModerateChat, rolesWith } from '@/lib/roles'
import type { Media } from '@payload-types'

import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

/**
 * Each rule of the content collections holds on every door: the site's calls, Payload's REST and
 * GraphQL (the admin goes through the same operations). Each test is told from the side of the
 * person who must be refused, and checks that nothing changed.
 */

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

type Token = { token: string }

const restErrors = (json: { errors?: { data?: { errors?: unknown[] } }[] }) =>
  json.errors?.[0]?.data?.errors

type GraphqlAnswer = Awaited<ReturnType<typeof graphql>>

/** The status and the messages (field errors when there are some) of a refused mutation. */
const graphqlRefusal = ({ json }: GraphqlAnswer) => {
  const error = json?.errors?.[0]
  const data = error?.extensions?.data as { errors?: { path: string; message: string }[] }
  return {
    status: error?.extensions?.statusCode,
    messages: data?.errors?.map(({ path, message }) => ({ path, message })) ?? error?.message,
  }
}

const countReviews = (resourceId: number) =>
  payload
    .count({ collection: 'reviews', where: { resource: { equals: resourceId } } })
    .then(({ totalDocs }) => totalDocs)

const countFavorites = (userId: number) =>
  payload
    .count({ collection: 'favorites', where: { user: { equals: userId } } })
    .then(({ totalDocs }) => totalDocs)

const storedResource = (id: number) =>
  payload.findByID({ collection: 'resources', id, depth: 0, showHiddenFields: true })

const storedReview = (id: number) => payload.findByID({ collection: 'reviews', id, depth: 0 })

const reviewBody = (resourceId: number, overrides: Record<string, unknown> = {}) => ({
  resource: resourceId,
  grade: 4,
  comment: 'Paid out on time.',
  ...overrides,
})

const createReviewMutation = `mutation ($resource: Int!, $author: Int, $comment: String!) {
  createReview(data: { resource: $resource, author: $author, grade: 4, comment: $comment,
    status: published }) { id status author { id } reply { text } }
}`

describe('reviewing a resource one manages', () => {
  const managed = async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const operator = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: owner.user.id,
    })
    const resource = await createResource({ payload, owner: owner.user.id, type: 'marketplace' })
    return { owner, operator, resource }
  }

  const refusals = {
    owner: ['own-resource', 'You cannot review your own resource.'],
    operator: ['staff-resource', "An owner's staff cannot review the owner's resources."],
  } as const

  it.each(['owner', 'operator'] as const)(
    'should refuse the %s on the site call, REST and GraphQL and keep no review',
    async (who) => {
      const [code, message] = refusals[who]
      const people = await managed()
      const { token } = people[who]
      const { resource } = people
      const site = await rest('POST', '/add-reviews', {
        body: { resource_id: resource.id, grade: 4, comment: 'Great' },
        token,
        headers: english,
      })
      const viaRest = await rest('POST', '/reviews', {
        body: reviewBody(resource.id),
        token,
        headers: english,
      })
      const viaGraphql = await graphql(createReviewMutation, {
        variables: { resource: resource.id, comment: 'Great' },
        token,
        headers: english,
      })
      expect({
        site: [site.status, site.json.code, site.json.message],
        rest: [viaRest.status, viaRest.json.errors[0].message],
        graphql: graphqlRefusal(viaGraphql),
        stored: await countReviews(resource.id),
      }).toEqual({
        site: [403, code, message],
        rest: [403, message],
        graphql: { status: 403, messages: message },
        stored: 0,
      })
    },
  )

  it("should let another owner's operator and any member review it", async () => {
    const { resource } = await managed()
    const otherOwner = await createMember({ payload, role: 'owner' })
    const otherOperator = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: otherOwner.user.id,
    })
    const member = await createMember({ payload })
    const viaRest = await rest('POST', '/reviews', {
      body: reviewBody(resource.id),
      token: otherOperator.token,
    })
    const viaGraphql = await graphql(createReviewMutation, {
      variables: { resource: resource.id, comment: 'Fine' },
      token: member.token,
    })
    expect([viaRest.status, viaGraphql.json?.errors, await countReviews(resource.id)]).toEqual([
      201,
      undefined,
      2,
    ])
  })
})

describe("a review's author, resource, status and reply", () => {
  const setting = async () => {
    const resource = await createResource({ payload })
    const other = await createResource({ payload })
    const me = await createMember({ payload })
    const someoneElse = await createMember({ payload })
    return { resource, other, me, someoneElse }
  }

  it('should be set by the collection whatever a member sends on create, REST or GraphQL', async () => {
    const { resource, other, me, someoneElse } = await setting()
    const forged = {
      author: someoneElse.user.id,
      status: 'hidden',
      reply: { text: 'Thanks!', author: someoneElse.user.id, repliedAt: '2020-01-01' },
    }
    const viaRest = await rest('POST', '/reviews', {
      body: reviewBody(resource.id, forged),
      token: me.token,
    })
    const viaGraphql = await graphql(
      `
        mutation ($resource: Int!, $author: Int!) {
          createReview(
            data: {
              resource: $resource
              author: $author
              grade: 3
              comment: "Ok"
              status: hidden
              reply: { text: "Thanks!", author: $author }
            }
          ) {
            id
          }
        }
      `,
      { variables: { resource: other.id, author: someoneElse.user.id }, token: me.token },
    )
    const saved = await Promise.all(
      [viaRest.json.doc.id, (viaGraphql.json?.data?.createReview as { id: number }).id].map(
        storedReview,
      ),
    )
    expect(
      saved.map(({ author, status, reply }) => ({ author, status, reply: reply?.text ?? null })),
    ).toEqual([
      { author: me.user.id, status: 'published', reply: null },
      { author: me.user.id, status: 'published', reply: null },
    ])
  })

  it('should not change when the author updates their review through REST or GraphQL', async () => {
    const { resource, other, me, someoneElse } = await setting()
    const review = await payload.create({
      collection: 'reviews',
      data: {
        resource: resource.id,
        author: me.user.id,
        grade: 2,
        comment: 'Slow',
        status: 'hidden',
        hiddenReason: 'Off topic',
      },
    })
    await rest('PATCH', `/reviews/${review.id}`, {
      body: {
        author: someoneElse.user.id,
        resource: other.id,
        status: 'published',
        reply: { text: 'Sorry!' },
      },
      token: me.token,
    })
    await graphql(
      `
        mutation ($id: Int!, $author: Int!, $resource: Int!) {
          updateReview(
            id: $id
            data: {
              author: $author
              resource: $resource
              status: published
              reply: { text: "Sorry!" }
            }
          ) {
            id
          }
        }
      `,
      {
        variables: { id: review.id, author: someoneElse.user.id, resource: other.id },
        token: me.token,
      },
    )
    const saved = await storedReview(review.id)
    expect([saved.author, saved.resource, saved.status, saved.reply?.text ?? null]).toEqual([
      me.user.id,
      resource.id,
      'hidden',
      null,
    ])
  })

  it('should not carry a reply over to a duplicate', async () => {
    const { resource, other, me, someoneElse } = await setting()
    const replied = await payload.create({
      collection: 'reviews',
      data: {
        resource: resource.id,
        author: someoneElse.user.id,
        grade: 5,
        comment: 'Great',
        status: 'published',
        reply: { text: 'Thank you!' },
      },
    })
    const { status, json } = await rest('POST', `/reviews/${replied.id}/duplicate`, {
      body: { resource: other.id },
      token: me.token,
    })
    const copy = await storedReview(json.doc.id)
    expect([status, copy.author, copy.reply?.text ?? null]).toEqual([200, me.user.id, null])
  })
})

describe("an operator and a resource's type", () => {
  const setting = async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const operator = await createMember({ payload, role: 'storeOperator', employer: owner.user.id })
    const shop = await createResource({ payload, owner: owner.user.id, type: 'shop' })
    return { owner, operator, shop }
  }

  const typeLocked = "Only the resource's owner or an admin can change its type."

  it('should refuse to move a resource to another type on the site call, REST and GraphQL', async () => {
    const { operator, shop } = await setting()
    const site = await rest('POST', '/save-resource', {
      body: {
        id: shop.id,
        type: 'forum',
        title_ru: 'Магазин',
        title_en: 'Shop',
        links: ['https://example.com'],
      },
      token: operator.token,
      headers: english,
    })
    const viaRest = await rest('PATCH', `/resources/${shop.id}`, {
      body: { type: 'forum' },
      token: operator.token,
      headers: english,
    })
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          updateResource(id: $id, data: { type: forum }) {
            id
            type
          }
        }
      `,
      { variables: { id: shop.id }, token: operator.token, headers: english },
    )
    expect({
      site: [site.status, site.json.errors],
      rest: [viaRest.status, restErrors(viaRest.json)],
      graphql: graphqlRefusal(viaGraphql),
      stored: (await storedResource(shop.id)).type,
    }).toEqual({
      site: [422, { type: [typeLocked] }],
      rest: [400, [{ path: 'type', message: typeLocked }]],
      graphql: { status: 400, messages: [{ path: 'type', message: typeLocked }] },
      stored: 'shop',
    })
  })

  it('should still let the operator edit it, type unchanged, and the owner change its type', async () => {
    const { owner, operator, shop } = await setting()
    const byOperator = await rest('PATCH', `/resources/${shop.id}`, {
      body: { type: 'shop', anons: 'Edited by the operator' },
      token: operator.token,
    })
    const byOwner = await graphql(
      `
        mutation ($id: Int!) {
          updateResource(id: $id, data: { type: forum }) {
            type
          }
        }
      `,
      { variables: { id: shop.id }, token: owner.token },
    )
    const saved = await storedResource(shop.id)
    expect([byOperator.status, byOwner.json?.data, saved.anons, saved.type]).toEqual([
      200,
      { updateResource: { type: 'forum' } },
      'Edited by the operator',
      'forum',
    ])
  })
})

describe("a resource's moderation and computed fields", () => {
  const forged = {
    status: 'published',
    verified: true,
    ratingAverage: 5,
    reviewCount: 99,
    ratingDistribution: { '5': 99 },
    criteriaAverages: { reliability: 5 },
    searchText: 'casino bonus',
  }

  const moderated = (resource: Awaited<ReturnType<typeof storedResource>>) => ({
    owner: resource.owner,
    status: resource.status,
    verified: resource.verified,
    ratingAverage: resource.ratingAverage,
    reviewCount: resource.reviewCount,
    ratingDistribution: resource.ratingDistribution ?? null,
    criteriaAverages: resource.criteriaAverages ?? null,
    searchText: resource.searchText,
  })

  it('should not be written by the owner through REST or GraphQL', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const someoneElse = await createMember({ payload })
    const resource = await createResource({ payload, owner: owner.user.id, status: 'pending' })
    const before = moderated(await storedResource(resource.id))
    await rest('PATCH', `/resources/${resource.id}`, {
      body: { ...forged, owner: someoneElse.user.id },
      token: owner.token,
    })
    await graphql(
      `
        mutation ($id: Int!, $owner: Int!) {
          updateResource(
            id: $id
            data: {
              owner: $owner
              status: published
              verified: true
              ratingAverage: 5
              reviewCount: 99
              ratingDistribution: { five: 99 }
              criteriaAverages: { reliability: 5 }
              searchText: "casino bonus"
            }
          ) {
            id
          }
        }
      `,
      { variables: { id: resource.id, owner: someoneElse.user.id }, token: owner.token },
    )
    expect(moderated(await storedResource(resource.id))).toEqual(before)
  })

  it('should be set by the collection when a member adds a resource through REST', async () => {
    const member = await createMember({ payload })
    const someoneElse = await createMember({ payload })
    const { status, json } = await rest('POST', '/resources', {
      body: {
        ...forged,
        owner: someoneElse.user.id,
        type: 'shop',
        title: 'A new shop',
        links: [{ url: 'https://example.com' }],
      },
      token: member.token,
    })
    expect([status, moderated(await storedResource(json.doc.id))]).toEqual([
      201,
      {
        owner: member.user.id,
        status: 'pending',
        verified: false,
        ratingAverage: 0,
        reviewCount: 0,
        ratingDistribution: null,
        criteriaAverages: null,
        searchText: 'A new shop',
      },
    ])
  })
})

describe('creation dates', () => {
  const future = '2099-01-01T00:00:00.000Z'

  it("should stay the server's whatever a member sends through REST or GraphQL", async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const member = await createMember({ payload })
    const resource = await createResource({ payload, owner: owner.user.id })
    const created = await rest('POST', '/reviews', {
      body: reviewBody(resource.id, { createdAt: future, updatedAt: future }),
      token: member.token,
    })
    const review = await storedReview(created.json.doc.id)
    await rest('PATCH', `/reviews/${review.id}`, {
      body: { createdAt: future },
      token: member.token,
    })
    await graphql(
      `
        mutation ($id: Int!, $at: String!) {
          updateResource(id: $id, data: { createdAt: $at }) {
            id
          }
        }
      `,
      { variables: { id: resource.id, at: future }, token: owner.token },
    )
    expect([
      review.createdAt < future,
      review.updatedAt < future,
      (await storedReview(review.id)).createdAt,
      (await storedResource(resource.id)).createdAt,
    ]).toEqual([true, true, review.createdAt, resource.createdAt])
  })
})

describe('favorites', () => {
  const setting = async () => {
    const member = await createMember({ payload })
    const owner = await createMember({ payload, role: 'owner' })
    const hidden = await createResource({ payload, status: 'pending' })
    const missing = hidden.id + 100_000
    return { member, owner, hidden, missing }
  }

  const favoriteMutation = `mutation ($resource: Int!, $user: Int) {
    createFavorite(data: { resource: $resource, user: $user }) { id user { id } }
  }`

  it('should answer alike for a missing resource and one the caller cannot see, keeping none', async () => {
    const { member, hidden, missing } = await setting()
    const tryAll = async (resourceId: number) => {
      const site = await rest('POST', '/add-favorite', {
        body: { resource_id: resourceId },
        token: member.token,
        headers: english,
      })
      const viaRest = await rest('POST', '/favorites', {
        body: { resource: resourceId },
        token: member.token,
        headers: english,
      })
      const viaGraphql = await graphql(favoriteMutation, {
        variables: { resource: resourceId },
        token: member.token,
        headers: english,
      })
      return {
        site: [site.status, site.json.message],
        rest: [viaRest.status, restErrors(viaRest.json)],
        graphql: graphqlRefusal(viaGraphql),
      }
    }
    const refused = {
      site: [404, 'Resource not found.'],
      rest: [400, [{ path: 'resource', message: 'Resource not found.' }]],
      graphql: { status: 400, messages: [{ path: 'resource', message: 'Resource not found.' }] },
    }
    expect([
      await tryAll(hidden.id),
      await tryAll(missing),
      await countFavorites(member.user.id),
    ]).toEqual([refused, refused, 0])
  })

  it("should keep a favorite for the caller, of a resource they can read, whoever's user is sent", async () => {
    const { member, owner } = await setting()
    const published = await createResource({ payload })
    const ownPending = await createResource({ payload, owner: owner.user.id, status: 'pending' })
    const viaRest = await rest('POST', '/favorites', {
      body: { resource: published.id, user: owner.user.id },
      token: member.token,
    })
    const viaGraphql = await graphql(favoriteMutation, {
      variables: { resource: ownPending.id, user: member.user.id },
      token: owner.token,
    })
    expect([
      viaRest.status,
      viaRest.json.doc.user.id,
      (viaGraphql.json?.data?.createFavorite as { user: { id: number } }).user.id,
    ]).toEqual([201, member.user.id, owner.user.id])
  })

  it('should not move a favorite to another user', async () => {
    const { member, owner } = await setting()
    const published = await createResource({ payload })
    const favorite = await payload.create({
      collection: 'favorites',
      data: { user: member.user.id, resource: published.id },
    })
    const viaRest = await rest('PATCH', `/favorites/${favorite.id}`, {
      body: { user: owner.user.id },
      token: member.token,
    })
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!, $user: Int!) {
          updateFavorite(id: $id, data: { user: $user }) {
            id
          }
        }
      `,
      { variables: { id: favorite.id, user: owner.user.id }, token: member.token },
    )
    const saved = await payload.findByID({ collection: 'favorites', id: favorite.id, depth: 0 })
    expect([viaRest.status, graphqlRefusal(viaGraphql).status, saved.user]).toEqual([
      403,
      403,
      member.user.id,
    ])
  })
})

describe('text fields', () => {
  const textInvalid = 'This field takes text only.'

  it('should refuse a comment that is not text on the site call, REST and GraphQL', async () => {
    const resource = await createResource({ payload })
    const { token } = await createMember({ payload })
    const site = await rest('POST', '/add-reviews', {
      body: { resource_id: resource.id, grade: 4, comment: ['x'] },
      token,
      headers: english,
    })
    const viaRest = await rest('POST', '/reviews', {
      body: reviewBody(resource.id, { comment: ['x'] }),
      token,
      headers: english,
    })
    const viaGraphql = await graphql(createReviewMutation, {
      variables: { resource: resource.id, comment: ['x'] },
      token,
    })
    expect({
      site: site.status,
      rest: [viaRest.status, restErrors(viaRest.json)],
      graphql: viaGraphql.json?.errors?.[0]?.message,
      stored: await countReviews(resource.id),
    }).toEqual({
      site: 422,
      rest: [400, [{ path: 'comment', message: textInvalid }]],
      graphql: expect.stringContaining('String cannot represent a non string value'),
      stored: 0,
    })
  })

  it("should refuse a resource's title and link that are not text", async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.user.id })
    const { status, json } = await rest('PATCH', `/resources/${resource.id}`, {
      body: { title: ['a'], anons: { a: 1 }, links: [{ url: ['https://example.com'] }] },
      token: owner.token,
      headers: english,
    })
    const saved = await storedResource(resource.id)
    expect([status, restErrors(json), saved.title, saved.anons]).toEqual([
      400,
      [
        { path: 'title', message: textInvalid },
        { path: 'anons', message: textInvalid },
        { path: 'links.0.url', message: textInvalid },
      ],
      resource.title,
      resource.anons,
    ])
  })
})

const samplePng = () =>
  new Blob([readFileSync(path.resolve(__dirname, '../fixtures/sample.png'))], { type: 'image/png' })

const upload = async ({ token }: Token) => {
  const form = new FormData()
  form.append('file', samplePng(), 'door.png')
  form.append('_payload', JSON.stringify({ alt: 'original' }))
  const { json } = await rest('POST', '/media', { body: form, token })
  return json.doc as Media
}

const storedMedia = (id: number) =>
  payload.findByID({ collection: 'media', id, depth: 0, disableErrors: true })

describe('media', () => {
  it("should refuse an editor changing or deleting someone else's file through REST and GraphQL", async () => {
    const member = await createMember({ payload })
    const editor = await createMember({ payload, role: 'editor' })
    const file = await upload(member)
    const patched = await rest('PATCH', `/media/${file.id}`, {
      body: { alt: 'changed' },
      token: editor.token,
    })
    const deleted = await rest('DELETE', `/media/${file.id}`, { token: editor.token })
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          updateMedia(id: $id, data: { alt: "changed" }) {
            id
          }
        }
      `,
      { variables: { id: file.id }, token: editor.token },
    )
    const deletedViaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          deleteMedia(id: $id) {
            id
          }
        }
      `,
      { variables: { id: file.id }, token: editor.token },
    )
    expect({
      statuses: [patched.status, deleted.status],
      graphql: [graphqlRefusal(viaGraphql).status, graphqlRefusal(deletedViaGraphql).status],
      alt: (await storedMedia(file.id))?.alt,
    }).toEqual({ statuses: [403, 403], graphql: [403, 403], alt: 'original' })
  })

  it('should let an editor and a member manage their own files, and an admin any', async () => {
    const editor = await createMember({ payload, role: 'editor' })
    const member = await createMember({ payload })
    const admin = await createMember({ payload, role: 'admin' })
    const editorsFile = await upload(editor)
    const membersFile = await upload(member)
    const answers = [
      await rest('PATCH', `/media/${editorsFile.id}`, {
        body: { alt: 'new' },
        token: editor.token,
      }),
      await rest('PATCH', `/media/${membersFile.id}`, {
        body: { alt: 'new' },
        token: member.token,
      }),
      await rest('DELETE', `/media/${editorsFile.id}`, { token: editor.token }),
      await rest('DELETE', `/media/${membersFile.id}`, { token: admin.token }),
    ]
    expect([
      answers.map(({ status }) => status),
      await storedMedia(editorsFile.id),
      await storedMedia(membersFile.id),
    ]).toEqual([[200, 200, 200, 200], null, null])
  })

  it("should keep a file's uploader and stored file whatever its uploader sends", async () => {
    const member = await createMember({ payload })
    const someoneElse = await createMember({ payload })
    const mine = await upload(member)
    const theirs = await upload(someoneElse)
    const forged = {
      uploadedBy: someoneElse.user.id,
      filename: theirs.filename,
      url: theirs.url,
      sizes: { thumbnail: { filename: theirs.sizes?.thumbnail?.filename } },
    }
    await rest('PATCH', `/media/${mine.id}`, { body: forged, token: member.token })
    await rest('PATCH', `/media?where[id][equals]=${mine.id}`, {
      body: forged,
      token: member.token,
    })
    await graphql(
      `
        mutation ($id: Int!, $by: Int!, $filename: String!) {
          updateMedia(id: $id, data: { uploadedBy: $by, filename: $filename }) {
            id
          }
        }
      `,
      {
        variables: { id: mine.id, by: someoneElse.user.id, filename: theirs.filename },
        token: member.token,
      },
    )
    const saved = await storedMedia(mine.id)
    expect([saved?.uploadedBy, saved?.filename, saved?.sizes?.thumbnail?.filename]).toEqual([
      member.user.id,
      mine.filename,
      mine.sizes?.thumbnail?.filename,
    ])
  })

  it('should refuse an alt text that is not text', async () => {
    const member = await createMember({ payload })
    const mine = await upload(member)
    const { status, json } = await rest('PATCH', `/media/${mine.id}`, {
      body: { alt: { ru: 'x' } },
      token: member.token,
      headers: english,
    })
    expect([status, restErrors(json), (await storedMedia(mine.id))?.alt]).toEqual([
      400,
      [{ path: 'alt', message: 'This field takes text only.' }],
      'original',
    ])
  })
})

describe('a blocked user', () => {
  const setting = async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.user.id })
    const elsewhere = await createResource({ payload })
    const file = await upload(owner)
    return { owner, resource, elsewhere, file }
  }

  /** Every write the owner could make before, through REST and GraphQL. */
  const attempts = async ({
    owner,
    resource,
    elsewhere,
    file,
  }: Awaited<ReturnType<typeof setting>>) => {
    const { token } = owner
    const viaRest = await Promise.all([
      rest('POST', '/reviews', { body: reviewBody(elsewhere.id), token }),
      rest('POST', '/favorites', { body: { resource: elsewhere.id }, token }),
      rest('PATCH', `/resources/${resource.id}`, { body: { anons: 'Blocked' }, token }),
      rest('PATCH', `/media/${file.id}`, { body: { alt: 'Blocked' }, token }),
      rest('DELETE', `/media/${file.id}`, { token }),
    ])
    const viaGraphql = await Promise.all(
      [
        `mutation { createReview(data: { resource: ${elsewhere.id}, grade: 4, comment: "Hi",
          status: published }) { id } }`,
        `mutation { createFavorite(data: { resource: ${elsewhere.id} }) { id } }`,
        `mutation { updateResource(id: ${resource.id}, data: { anons: "Blocked" }) { id } }`,
        `mutation { deleteResource(id: ${resource.id}) { id } }`,
      ].map((query) => graphql(query, { token })),
    )
    const site = await rest('POST', '/add-favorite', { body: { resource_id: elsewhere.id }, token })
    return {
      rest: viaRest.map(({ status }) => status),
      graphql: viaGraphql.map((answer) => graphqlRefusal(answer).status),
      site: site.status,
      reviews: await countReviews(elsewhere.id),
      favorites: await countFavorites(owner.user.id),
      anons: (await storedResource(resource.id)).anons,
      file: (await storedMedia(file.id))?.alt,
    }
  }

  const refusedEverywhere = {
    rest: [403, 403, 403, 403, 403],
    graphql: [403, 403, 403, 403],
    site: 402,
    reviews: 0,
    favorites: 0,
    anons: 'A place to trade',
    file: 'original',
  }

  it('should do nothing through any door once blocked (their sessions end)', async () => {
    const setup = await setting()
    await payload.update({ collection: 'users', id: setup.owner.user.id, data: { blocked: true } })
    expect(await attempts(setup)).toEqual(refusedEverywhere)
  })

  it('should do nothing through any door while a session outlives the block', async () => {
    const setup = await setting()
    // Straight to the database, so the hook that ends the sessions does not run.
    await payload.db.updateOne({
      collection: 'users',
      id: setup.owner.user.id,
      data: { blocked: true },
    })
    expect(await attempts(setup)).toEqual(refusedEverywhere)
  })
})

/** Every call the API declares (src/api), each with its caller. */
const declaredCalls = async () => {
  const folder = path.resolve(__dirname, '../../src/api')
  const modules = await Promise.all(
    readdirSync(folder)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => import(path.join(folder, file))),
  )
  return modules
    .flatMap((module) => Object.values(module as Record<string, unknown>))
    .filter((value): value is CallDeclaration => Boolean((value as CallDeclaration)?.path))
}

const capabilityName = (capability: unknown) =>
  Object.entries(roleModel).find(([, value]) => value === capability)?.[0]

/**
 * Each call whose declaration names a capability, asked by an account of a role it refuses: the
 * nearest one (the first of ROLES it does not admit: an editor where admins are asked) and a
 * plain member.
 */
const refusals = (await declaredCalls())
  .filter((call) => typeof call.auth === 'function' && !call.payload)
  .flatMap((call) => {
    const admitted = rolesWith(call.auth as roleModel.Capability)
    const refused = ROLES.filter((role) => !admitted.includes(role))
    return [...new Set([refused[0], 'user' as const])]
      .filter((role) => refused.includes(role))
      .map((role) => [`${call.method.toUpperCase()} ${call.path}`, capabilityName(call.auth), role])
  }) as [string, string, Role][]

describe("a call's capability", () => {
  const accounts = new Map<Role, Promise<Token>>()
  const tokenOf = (role: Role) => {
    if (!accounts.has(role)) accounts.set(role, createMember({ payload, role }))
    return accounts.get(role)!
  }

  it.each(refusals)('should refuse %s (%s) to a %s', async (call, _capability, role) => {
    const [method, callPath] = call.split(' ') as ['GET' | 'POST', string]
    const { token } = await tokenOf(role)
    const { status, json } = await rest(method, callPath, {
      ...(method === 'POST' ? { body: {} } : {}),
      token,
      headers: english,
    })
    expect([status, json.code]).toEqual([403, 'forbidden'])
  })

  it('should name every capability the calls declare, each refused to someone', () => {
    const named = new Set(refusals.map(([, capability]) => capability))
    expect([...named].sort()).toEqual(
      [
        'canAdministerUsers',
        'canDecideVerification',
        'canKeepSavedReplies',
        'canManageEmployees',
        'canManageResources',
        'canModerate',
        'canModerateChat',
        'canModerateComments',
        'canSeeAnalytics',
        'canSeeMachinery',
        'canSeeSiteAnalytics',
      ].sort(),
    )
  })

  it('should refuse removing a chat message to a member on the site call, REST and GraphQL', async () => {
    expect(rolesWith(canModerateChat)).not.toContain('user')
    const member = await createMember({ payload })
    const message = await payload.create({
      collection: 'chat-messages',
      data: { author: member.user.id, text: 'Still here' },
    })
    const site = await rest('POST', '/delete-chat-message', {
      body: { message_id: message.id },
      token: member.token,
    })
    const viaRest = await rest('PATCH', `/chat-messages/${message.id}`, {
      body: { removed: true },
      token: member.token,
    })
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          updateChatMessage(id: $id, data: { removed: true }) {
            id
          }
        }
      `,
      { variables: { id: message.id }, token: member.token },
    )
    const stored = await payload.findByID({ collection: 'chat-messages', id: message.id })
    expect({
      statuses: [site.status, viaRest.status, graphqlRefusal(viaGraphql).status],
      removed: stored.removed,
    }).toEqual({ statuses: [403, 403, 403], removed: false })
  })
})
