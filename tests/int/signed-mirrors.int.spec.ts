import { sql } from '@payloadcms/db-postgres'
import {
  createCleartextMessage,
  generateKey,
  type PrivateKey,
  readKey,
  readPrivateKey,
  revokeKey,
  sign,
} from 'openpgp'
import { type Payload, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CACHE_TAGS } from '@/server/cacheTags'
import { expiredTagsOf } from '@/server/publicCache'
import { postgresOf } from '@/server/sql/run'

import { realClock, setClock } from '../helpers/clock'
import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
const LISTS = 'signed-mirror-lists'

type Member = Awaited<ReturnType<typeof createMember>>
type Key = { armored: string; privateKey: PrivateKey; fingerprint: string; revocation: string }

/** A key pair made here by openpgp, optionally born in the past and expiring after `expiresIn` s. */
const makeKey = async ({ date, expiresIn }: { date?: Date; expiresIn?: number } = {}) => {
  const made = await generateKey({
    userIDs: [{ name: 'Operators', email: 'ops@example.com' }],
    format: 'armored',
    // Born an hour ago, so that lists dated a few minutes back are signed by a valid key.
    date: date ?? secondsAgo(3600),
    ...(expiresIn ? { keyExpirationTime: expiresIn } : {}),
  })
  const privateKey = await readPrivateKey({ armoredKey: made.privateKey })
  return {
    armored: made.publicKey,
    privateKey,
    fingerprint: privateKey.getFingerprint(),
    revocation: made.revocationCertificate,
  } satisfies Key
}

/** What `gpg --clearsign` would make of `text`, dated `date`. */
const clearsign = async (key: Key, text: string, date = new Date()) =>
  sign({
    message: await createCleartextMessage({ text }),
    signingKeys: key.privateKey,
    date,
  })

const LIST_TEXT = 'Our official mirrors\nhttps://Shop.Example/\nhttps://mirror.example/shop\n'

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000)

/** A published resource of a fresh owner, with `key` set by the owner through the site. */
const ownedResource = async (key?: Key) => {
  const owner = await createMember({ payload, role: 'owner' })
  const resource = await createResource({ payload, owner: owner.user.id })
  if (key) await setKey(owner, resource.id, key.armored)
  return { owner, resource }
}

const setKey = (member: Member, id: number, key: string) =>
  rest('POST', '/resource-pgp-key', { token: member.token, headers: english, body: { id, key } })

const addList = (member: Member, id: number, message: string) =>
  rest('POST', '/signed-mirror-list', {
    token: member.token,
    headers: english,
    body: { id, message },
  })

const resourceOf = (id: number) => payload.findByID({ collection: 'resources', id, depth: 0 })

const listsOf = async (id: number) =>
  (
    await payload.find({
      collection: LISTS,
      where: { resource: { equals: id } },
      sort: '-signedAt',
      depth: 0,
    })
  ).docs

const messageOf = (answer: { json: { errors?: Record<string, string[]> } | null }) =>
  Object.values(answer.json?.errors ?? {}).flat()[0]

describe('a resource’s PGP key', () => {
  it('should take the owner’s first key at once, with its fingerprint', async () => {
    const key = await makeKey()
    const { owner, resource } = await ownedResource()
    const answer = await setKey(owner, resource.id, key.armored)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(answer.json.key).toMatchObject({
      fingerprint: key.fingerprint,
      pending_fingerprint: null,
    })
    expect(await resourceOf(resource.id)).toMatchObject({ pgpFingerprint: key.fingerprint })
  })

  it('should refuse a private key, garbage, an expired and a revoked key, changing nothing', async () => {
    const key = await makeKey()
    const expired = await makeKey({ date: secondsAgo(7200), expiresIn: 60 })
    const revoked = await makeKey()
    const { publicKey: revokedKey } = await revokeKey({
      key: await readKey({ armoredKey: revoked.armored }),
      revocationCertificate: revoked.revocation,
      format: 'armored',
    })
    const { owner, resource } = await ownedResource()
    const answers = await Promise.all(
      [key.privateKey.armor(), 'not a key', expired.armored, revokedKey].map((text) =>
        setKey(owner, resource.id, text),
      ),
    )
    expect(answers.map((answer) => [answer.status, messageOf(answer)])).toEqual([
      [422, expect.stringContaining('This is a private key')],
      [422, expect.stringContaining('This is not a PGP public key')],
      [422, expect.stringContaining('revoked, expired or cannot sign')],
      [422, expect.stringContaining('revoked, expired or cannot sign')],
    ])
    expect(await resourceOf(resource.id)).toMatchObject({ pgpKey: null, pgpFingerprint: null })
  })

  it('should answer in Russian by default', async () => {
    const { owner, resource } = await ownedResource()
    const answer = await rest('POST', '/resource-pgp-key', {
      token: owner.token,
      body: { id: resource.id, key: 'not a key' },
    })
    expect(answer.status).toBe(422)
    expect(messageOf(answer)).toContain('Это не открытый PGP-ключ')
  })

  it('should hold an owner’s change as pending, the old key still verifying, until an admin approves', async () => {
    const [first, second] = await Promise.all([makeKey(), makeKey()])
    const { owner, resource } = await ownedResource(first)
    const changed = await setKey(owner, resource.id, second.armored)
    expect(changed.status).toBe(200)
    expect(changed.json.key).toMatchObject({
      fingerprint: first.fingerprint,
      pending_fingerprint: second.fingerprint,
    })
    const byNewKey = await addList(owner, resource.id, await clearsign(second, LIST_TEXT))
    expect(messageOf(byNewKey)).toContain('signed by another key')
    // Signature times are whole seconds: the later list must be a second newer to be newer.
    const byOldKey = await addList(
      owner,
      resource.id,
      await clearsign(first, LIST_TEXT, secondsAgo(5)),
    )
    expect(byOldKey.status).toBe(200)

    const admin = await createMember({ payload, role: 'admin' })
    const approved = await rest('PATCH', `/resources/${resource.id}`, {
      token: admin.token,
      body: { pgpKeyDecision: 'approve' },
    })
    expect(approved.status, JSON.stringify(approved.json)).toBe(200)
    expect(await resourceOf(resource.id)).toMatchObject({
      pgpFingerprint: second.fingerprint,
      pendingPgpKey: null,
    })
    const afterApproval = await addList(owner, resource.id, await clearsign(second, LIST_TEXT))
    expect(afterApproval.status).toBe(200)
  })

  it('should let an admin refuse the pending key, keeping the current one', async () => {
    const [first, second] = await Promise.all([makeKey(), makeKey()])
    const { owner, resource } = await ownedResource(first)
    await setKey(owner, resource.id, second.armored)
    const admin = await createMember({ payload, role: 'admin' })
    const refused = await graphql(
      `
        mutation ($id: Int!) {
          updateResource(id: $id, data: { pgpKeyDecision: refuse }) {
            id
          }
        }
      `,
      { token: admin.token, variables: { id: resource.id } },
    )
    expect(refused.json?.errors).toBeUndefined()
    expect(await resourceOf(resource.id)).toMatchObject({
      pgpFingerprint: first.fingerprint,
      pendingPgpFingerprint: null,
    })
  })

  it('should not let the owner approve their own change, on REST or GraphQL', async () => {
    const [first, second] = await Promise.all([makeKey(), makeKey()])
    const { owner, resource } = await ownedResource(first)
    await setKey(owner, resource.id, second.armored)
    await rest('PATCH', `/resources/${resource.id}`, {
      token: owner.token,
      body: {
        pgpKeyDecision: 'approve',
        pgpKey: second.armored,
        pgpFingerprint: second.fingerprint,
      },
    })
    await graphql(
      `
        mutation ($id: Int!) {
          updateResource(id: $id, data: { pgpKeyDecision: approve }) {
            id
          }
        }
      `,
      { token: owner.token, variables: { id: resource.id } },
    )
    expect(await resourceOf(resource.id)).toMatchObject({
      pgpFingerprint: first.fingerprint,
      pendingPgpFingerprint: second.fingerprint,
    })
  })

  it('should not let another owner or a member set a resource’s key, by any door', async () => {
    const key = await makeKey()
    const { resource } = await ownedResource()
    const stranger = await createMember({ payload, role: 'owner' })
    const site = await setKey(stranger, resource.id, key.armored)
    const viaRest = await rest('PATCH', `/resources/${resource.id}`, {
      token: stranger.token,
      body: { pgpKey: key.armored },
    })
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!, $key: String) {
          updateResource(id: $id, data: { pgpKey: $key }) {
            id
          }
        }
      `,
      { token: stranger.token, variables: { id: resource.id, key: key.armored } },
    )
    expect([site.status, viaRest.status]).toEqual([403, 403])
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    expect(await resourceOf(resource.id)).toMatchObject({ pgpKey: null })
  })
})

describe('signed mirror lists', () => {
  it('should store a good list exactly as sent, with its time, fingerprint and addresses', async () => {
    const key = await makeKey()
    const { owner, resource } = await ownedResource(key)
    const signedAt = secondsAgo(60)
    const message = (await clearsign(key, LIST_TEXT, signedAt)).replace(/\n/g, '\r\n')
    const answer = await addList(owner, resource.id, message)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const [stored] = await listsOf(resource.id)
    expect(stored.message).toBe(message)
    expect(stored).toMatchObject({
      fingerprint: key.fingerprint,
      addresses: ['https://Shop.Example/', 'https://mirror.example/shop'],
      signedAt: new Date(Math.floor(signedAt.getTime() / 1000) * 1000).toISOString(),
    })
  })

  it('should refuse a tampered text, a list by another key, one without addresses, or from the future', async () => {
    const [key, other] = await Promise.all([makeKey(), makeKey()])
    const { owner, resource } = await ownedResource(key)
    const good = await clearsign(key, LIST_TEXT)
    const answers = await Promise.all([
      addList(owner, resource.id, good.replace('mirror.example', 'mirror.evil')),
      addList(owner, resource.id, await clearsign(other, LIST_TEXT)),
      addList(owner, resource.id, await clearsign(key, 'No addresses here\n')),
      addList(owner, resource.id, await clearsign(key, LIST_TEXT, new Date(Date.now() + 3600_000))),
      addList(owner, resource.id, 'https://mirror.example\n'),
      addList(owner, resource.id, 'x'.repeat(20_000)),
    ])
    expect(answers.map((answer) => [answer.status, messageOf(answer)])).toEqual([
      [422, expect.stringContaining('The signature does not match')],
      [422, expect.stringContaining('signed by another key')],
      [422, expect.stringContaining('names no address')],
      [422, expect.stringContaining('dated in the future')],
      [422, expect.stringContaining('This is not a signed message')],
      [422, expect.any(String)],
    ])
    expect(await listsOf(resource.id)).toEqual([])
  })

  it('should refuse a list replayed or older than the latest stored', async () => {
    const key = await makeKey()
    const { owner, resource } = await ownedResource(key)
    const older = await clearsign(key, LIST_TEXT, secondsAgo(600))
    const newer = await clearsign(key, LIST_TEXT, secondsAgo(60))
    expect((await addList(owner, resource.id, newer)).status).toBe(200)
    const [replayed, outdated] = [
      await addList(owner, resource.id, newer),
      await addList(owner, resource.id, older),
    ]
    expect(messageOf(replayed)).toContain('not newer than the latest')
    expect(messageOf(outdated)).toContain('not newer than the latest')
    expect(await listsOf(resource.id)).toHaveLength(1)
  })

  it('should refuse a list once the key has expired, though it was signed while valid', async () => {
    // Born an hour ago, the key expires ten minutes from now: valid however long the setting up
    // takes, and expired once the clock has moved past it (no waiting for the time to pass).
    const key = await makeKey({ expiresIn: 3600 + 600 })
    const { owner, resource } = await ownedResource(key)
    expect(await resourceOf(resource.id)).toMatchObject({ pgpFingerprint: key.fingerprint })
    const message = await clearsign(key, LIST_TEXT, secondsAgo(1))
    setClock(Date.now() + 20 * 60_000)
    try {
      const answer = await addList(owner, resource.id, message)
      expect(messageOf(answer)).toContain('revoked or expired')
    } finally {
      realClock()
    }
    expect(await listsOf(resource.id)).toEqual([])
  })

  it('should refuse a list when the resource’s key has been revoked since', async () => {
    const key = await makeKey()
    const { owner, resource } = await ownedResource(key)
    const { publicKey: revoked } = await revokeKey({
      key: await readKey({ armoredKey: key.armored }),
      revocationCertificate: key.revocation,
      format: 'armored',
    })
    // The revocation reached the stored key (as an admin's re-import would): no door takes one.
    await postgresOf(payload).drizzle.execute(
      sql`UPDATE resources SET pgp_key = ${revoked} WHERE id = ${resource.id}`,
    )
    const answer = await addList(owner, resource.id, await clearsign(key, LIST_TEXT))
    expect(messageOf(answer)).toContain('revoked or expired')
  })

  it('should not let another owner or a member add a list, by any door', async () => {
    const key = await makeKey()
    const { resource } = await ownedResource(key)
    const message = await clearsign(key, LIST_TEXT)
    const stranger = await createMember({ payload, role: 'owner' })
    const member = await createMember({ payload })
    const site = await addList(stranger, resource.id, message)
    const viaRest = await rest('POST', `/${LISTS}`, {
      token: member.token,
      headers: english,
      body: { resource: resource.id, message },
    })
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!, $m: String!) {
          createSignedMirrorList(data: { resource: $id, message: $m }) {
            id
          }
        }
      `,
      { token: stranger.token, variables: { id: resource.id, m: message } },
    )
    const guest = await rest('POST', `/${LISTS}`, { body: { resource: resource.id, message } })
    expect([site.status, viaRest.status, guest.status]).toEqual([403, 400, 403])
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    expect(await listsOf(resource.id)).toEqual([])
  })

  it('should let nobody change or delete a stored list but an admin delete it', async () => {
    const key = await makeKey()
    const { owner, resource } = await ownedResource(key)
    await addList(owner, resource.id, await clearsign(key, LIST_TEXT))
    const [stored] = await listsOf(resource.id)
    const patched = await rest('PATCH', `/${LISTS}/${stored.id}`, {
      token: owner.token,
      body: { message: 'forged' },
    })
    const deleted = await rest('DELETE', `/${LISTS}/${stored.id}`, { token: owner.token })
    expect([patched.status, deleted.status]).toEqual([403, 403])
    expect((await listsOf(resource.id))[0].message).toBe(stored.message)
  })

  it('should take a list through Payload’s REST door from the owner, verified the same way', async () => {
    const key = await makeKey()
    const { owner, resource } = await ownedResource(key)
    const message = await clearsign(key, LIST_TEXT)
    const forged = await rest('POST', `/${LISTS}`, {
      token: owner.token,
      body: { resource: resource.id, message: message.replace('shop', 'sh0p') },
    })
    const good = await rest('POST', `/${LISTS}`, {
      token: owner.token,
      body: { resource: resource.id, message, signedAt: '2099-01-01T00:00:00.000Z' },
    })
    expect([forged.status, good.status]).toEqual([400, 201])
    const [stored] = await listsOf(resource.id)
    expect(new Date(stored.signedAt!).getFullYear()).toBeLessThan(2099)
  })
})

describe('what a list or an approval expires', () => {
  it('should expire the resource’s page when a list is stored and when a key is approved', async () => {
    const [first, second] = await Promise.all([makeKey(), makeKey()])
    const { owner, resource } = await ownedResource(first)
    await setKey(owner, resource.id, second.armored)
    const listReq = await createLocalReq({ user: owner.user }, payload)
    await payload.create({
      collection: LISTS,
      data: { resource: resource.id, message: await clearsign(first, LIST_TEXT) },
      user: owner.user,
      overrideAccess: false,
      req: listReq,
    })
    const admin = await createMember({ payload, role: 'admin' })
    const approvalReq = await createLocalReq({ user: admin.user }, payload)
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: { pgpKeyDecision: 'approve' } as never,
      user: admin.user,
      overrideAccess: false,
      req: approvalReq,
    })
    expect(expiredTagsOf(listReq)).toContain(CACHE_TAGS.resource(resource.id))
    expect(expiredTagsOf(approvalReq)).toContain(CACHE_TAGS.resource(resource.id))
  })
})

describe('downloads', () => {
  it('should serve the latest signed list and the key byte for byte, as files', async () => {
    const key = await makeKey()
    const { owner, resource } = await ownedResource(key)
    const message = await clearsign(key, LIST_TEXT)
    await addList(owner, resource.id, message)
    const list = await rest('GET', `/signed-mirror-list.asc?id=${resource.id}`)
    expect(list.status).toBe(200)
    expect(list.text).toBe(message)
    expect(list.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(list.headers.get('content-disposition')).toMatch(/mirrors\.txt\.asc"$/)
    const publicKey = await rest('GET', `/resource-pgp-key.asc?id=${resource.id}`)
    expect(publicKey.status).toBe(200)
    expect(publicKey.headers.get('content-type')).toMatch(/^application\/pgp-keys/)
    expect((await readKey({ armoredKey: publicKey.text })).getFingerprint()).toBe(key.fingerprint)
  })

  it('should answer 404 for an unpublished or missing resource, or one without a list', async () => {
    const key = await makeKey()
    const owner = await createMember({ payload, role: 'owner' })
    const pending = await createResource({ payload, owner: owner.user.id, status: 'pending' })
    await setKey(owner, pending.id, key.armored)
    await addList(owner, pending.id, await clearsign(key, LIST_TEXT))
    const { resource: bare } = await ownedResource()
    const statuses = await Promise.all([
      rest('GET', `/signed-mirror-list.asc?id=${pending.id}`),
      rest('GET', `/resource-pgp-key.asc?id=${pending.id}`),
      rest('GET', `/signed-mirror-list.asc?id=${bare.id}`),
      rest('GET', `/signed-mirror-list.asc?id=999999`),
    ])
    expect(statuses.map((answer) => answer.status)).toEqual([404, 404, 404, 404])
    expect(await listsOf(pending.id)).toHaveLength(1)
  })
})
