import { fieldSchemasToFormState } from '@payloadcms/ui/forms/fieldSchemasToFormState'
import { getSchemaMap } from '@payloadcms/ui/utilities/getSchemaMap'
import { generateKey, readKey } from 'openpgp'
import { type Payload, createLocalReq } from 'payload'
import { reduceFieldsToValues } from 'payload/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { waitingCounts } from '@/data/views/moderation'
import { MODERATION_PATHS } from '@/lib/moderation'

import { createMember, createResource, unique } from '../helpers/directory'
import { mailsTo, waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

/**
 * Issue 42: an owner's new PGP key waits for an admin. The admin decides it in the resource's edit
 * view (the form shows the waiting key and the decision) as on REST, GraphQL and the Local API;
 * the owner and their operators decide nothing on any door. What waits is counted with the
 * moderators' queues, the admins are mailed when a change starts waiting, the owner the decision.
 */

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

type Member = Awaited<ReturnType<typeof createMember>>
type Decision = 'approve' | 'refuse'

const makeKey = async () => {
  const made = await generateKey({
    userIDs: [{ name: 'Operators', email: 'ops@example.com' }],
    format: 'armored',
    date: new Date(Date.now() - 3600_000),
  })
  const fingerprint = (await readKey({ armoredKey: made.publicKey })).getFingerprint()
  return { armored: made.publicKey, fingerprint }
}

type Key = Awaited<ReturnType<typeof makeKey>>

/**
 * A published marketplace of a fresh owner (mailed in `locale`), with its operator: its first
 * key set by the owner through the site, a second one waiting for an admin.
 */
const waitingKey = async ({ locale = 'en' }: { locale?: 'ru' | 'en' } = {}) => {
  const [first, second] = await Promise.all([makeKey(), makeKey()])
  const owner = await createMember({ payload, role: 'owner' })
  await payload.update({ collection: 'users', id: owner.user.id, data: { locale } })
  const operator = await createMember({
    payload,
    role: 'marketplaceOperator',
    employer: owner.user.id,
  })
  const resource = await createResource({
    payload,
    owner: owner.user.id,
    title: `Keyed market ${unique()}`,
  })
  for (const key of [first, second]) {
    const saved = await setKey(owner, resource.id, key)
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
  }
  return { owner, operator, resource, first, second }
}

const setKey = (member: Member, id: number, key: Key) =>
  rest('POST', '/resource-pgp-key', { token: member.token, body: { id, key: key.armored } })

const keysOf = async (id: number) => {
  const resource = await payload.findByID({ collection: 'resources', id, depth: 0 })
  return {
    current: resource.pgpFingerprint ?? null,
    pending: resource.pendingPgpFingerprint ?? null,
    pendingKey: resource.pendingPgpKey ?? null,
    pendingAt: resource.pendingPgpKeyAt ?? null,
  }
}

/**
 * The resource's edit view as the admin builds it for `member`: the document read with their
 * access, then the form state of its fields, as Payload's `buildFormState` makes it (without
 * rendering the fields' components, which would load the admin's styles).
 */
const editFormOf = async (member: Member, id: number) => {
  const req = await createLocalReq({ user: member.user }, payload)
  const data = await payload.findByID({
    collection: 'resources',
    id,
    depth: 0,
    fallbackLocale: false,
    overrideAccess: false,
    user: member.user,
    req,
  })
  const permissions = await rest('POST', `/resources/access/${id}`, {
    token: member.token,
    body: {},
  })
  return fieldSchemasToFormState({
    id,
    collectionSlug: 'resources',
    data,
    fields: payload.collections.resources.config.fields,
    fieldSchemaMap: getSchemaMap({
      collectionSlug: 'resources',
      config: payload.config,
      i18n: req.i18n,
    }),
    operation: 'update',
    permissions: permissions.json.fields,
    preferences: { fields: {} },
    renderAllFields: false,
    req,
    schemaPath: 'resources',
  })
}

/** What the edit view's "Save" sends: every field's value, with the decision picked. */
const savedForm = async (member: Member, id: number, decision: Decision) => {
  const state = await editFormOf(member, id)
  expect(state.pgpKeyDecision, 'the decision in the form').toBeDefined()
  return { ...reduceFieldsToValues(state, true), pgpKeyDecision: decision }
}

/** The admin's save itself: a PATCH whose form data holds the values as `_payload`. */
const saveAsTheAdminDoes = async (member: Member, id: number, values: object) => {
  const body = new FormData()
  body.append('_payload', JSON.stringify(values))
  return rest('PATCH', `/resources/${id}?depth=0&fallback-locale=null`, {
    token: member.token,
    body,
  })
}

const decideByGraphql = (member: Member, id: number, decision: Decision) =>
  graphql(
    `
      mutation ($id: Int!) {
        updateResource(id: $id, data: { pgpKeyDecision: ${decision} }) {
          id
        }
      }
    `,
    { token: member.token, variables: { id } },
  )

/** Runs a Local API call and tells its refusal (the error's name), or 'done'. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'done',
    (error: Error) => error.name,
  )

let adminMember: Member
const admin = async () => (adminMember ??= await createMember({ payload, role: 'admin' }))

describe('the resource’s edit view in the admin', () => {
  it('should show an admin the waiting key, its fingerprint, its date and the decision', async () => {
    const { resource, second } = await waitingKey()
    const state = await editFormOf(await admin(), resource.id)
    expect(state.pendingPgpKey?.value).toBe(second.armored)
    expect(state.pendingPgpFingerprint?.value).toBe(second.fingerprint)
    expect(state.pendingPgpKeyAt?.value).toEqual(expect.any(String))
    expect(state.pgpKeyDecision).toBeDefined()
    expect(state.pgpKeyDecision?.passesCondition).not.toBe(false)
    // Editable there: Payload makes a virtual field read-only in the admin unless it says not.
    const decision = payload.collections.resources.config.flattenedFields.find(
      (field) => field.name === 'pgpKeyDecision',
    )
    expect(decision?.admin?.readOnly).not.toBe(true)
  })

  it('should approve the waiting key when the admin saves the form with it approved', async () => {
    const { resource, second } = await waitingKey()
    const moderator = await admin()
    const saved = await saveAsTheAdminDoes(
      moderator,
      resource.id,
      await savedForm(moderator, resource.id, 'approve'),
    )
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    expect(await keysOf(resource.id)).toEqual({
      current: second.fingerprint,
      pending: null,
      pendingKey: null,
      pendingAt: null,
    })
    const after = await editFormOf(moderator, resource.id)
    expect(after.pgpKey?.value).toBe(second.armored)
    expect(after.pgpKeyDecision?.passesCondition).toBe(false)
  })

  it('should refuse the waiting key through the Local API with what the form sends', async () => {
    const { resource, first } = await waitingKey()
    const moderator = await admin()
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: await savedForm(moderator, resource.id, 'refuse'),
      user: moderator.user,
      overrideAccess: false,
    })
    expect(await keysOf(resource.id)).toMatchObject({ current: first.fingerprint, pending: null })
  })

  it('should approve through GraphQL and REST too', async () => {
    const [viaGraphql, viaRest] = await Promise.all([waitingKey(), waitingKey()])
    const moderator = await admin()
    const answer = await decideByGraphql(moderator, viaGraphql.resource.id, 'approve')
    expect(answer.json?.errors).toBeUndefined()
    const patched = await rest('PATCH', `/resources/${viaRest.resource.id}`, {
      token: moderator.token,
      body: { pgpKeyDecision: 'approve' },
    })
    expect(patched.status, JSON.stringify(patched.json)).toBe(200)
    expect(await keysOf(viaGraphql.resource.id)).toMatchObject({
      current: viaGraphql.second.fingerprint,
      pending: null,
    })
    expect(await keysOf(viaRest.resource.id)).toMatchObject({
      current: viaRest.second.fingerprint,
      pending: null,
    })
  })
})

describe('who decides', () => {
  it('should let neither the owner nor their operator decide, on any door', async () => {
    const { owner, operator, resource, first, second } = await waitingKey()
    for (const member of [owner, operator]) {
      const form = await editFormOf(member, resource.id)
      expect(form.pgpKeyDecision, 'the decision in their form').toBeUndefined()
      const values = { ...reduceFieldsToValues(form, true), pgpKeyDecision: 'approve' }
      for (const decision of ['approve', 'refuse'] as const) {
        await saveAsTheAdminDoes(member, resource.id, { ...values, pgpKeyDecision: decision })
        await rest('PATCH', `/resources/${resource.id}`, {
          token: member.token,
          body: { pgpKeyDecision: decision },
        })
        await decideByGraphql(member, resource.id, decision)
        await outcome(
          payload.update({
            collection: 'resources',
            id: resource.id,
            data: { pgpKeyDecision: decision } as never,
            user: member.user,
            overrideAccess: false,
          }),
        )
      }
    }
    expect(await keysOf(resource.id)).toMatchObject({
      current: first.fingerprint,
      pending: second.fingerprint,
    })
  })

  it('should give the decision field to admins only, as the admin’s form reads its access', async () => {
    const { owner, operator, resource } = await waitingKey()
    /** What the member may do with the field, by the document's access (`true`: everything). */
    const mayOn = async (member: Member) => {
      const answer = await rest('POST', `/resources/access/${resource.id}`, {
        token: member.token,
        body: {},
      })
      const field = answer.json?.fields?.pgpKeyDecision
      return ['read', 'update'].map((operation) => field === true || field?.[operation] === true)
    }
    expect({
      admin: await mayOn(await admin()),
      owner: await mayOn(owner),
      operator: await mayOn(operator),
    }).toEqual({ admin: [true, true], owner: [false, false], operator: [false, false] })
  })
})

describe('what tells the admins and the owner', () => {
  it('should count the waiting key changes with the moderators’ queues, linked to their list', async () => {
    const moderator = await admin()
    const before = await waitingCounts({ payload })
    const { resource } = await waitingKey()
    const during = await waitingCounts({ payload })
    expect(during).toEqual({ ...before, keys: before.keys + 1 })
    const answered = await rest('GET', '/moderation-counts', { token: moderator.token })
    expect(answered.json.counts.keys).toBe(during.keys)

    const [path, query] = MODERATION_PATHS.keys.split('?')
    expect(path).toBe('/admin/collections/resources')
    const listed = await rest('GET', `/resources?${query}&limit=100&depth=0`, {
      token: moderator.token,
    })
    expect(listed.status, JSON.stringify(listed.json)).toBe(200)
    const ids = listed.json.docs.map((doc: { id: number }) => doc.id)
    expect(ids).toContain(resource.id)

    await decideByGraphql(moderator, resource.id, 'refuse')
    expect((await waitingCounts({ payload })).keys).toBe(before.keys)
  })

  it('should mail every admin, each in their own language, when a key change starts waiting', async () => {
    const [russian, english] = await Promise.all([
      createMember({ payload, role: 'admin' }),
      createMember({ payload, role: 'admin' }),
    ])
    await payload.update({ collection: 'users', id: russian.user.id, data: { locale: 'ru' } })
    await payload.update({ collection: 'users', id: english.user.id, data: { locale: 'en' } })
    const { resource, second } = await waitingKey()
    const inEnglish = await waitForMail({ to: english.user.email })
    expect(inEnglish.subject).toContain(resource.title)
    expect(inEnglish.subject).toContain('new PGP key')
    expect(inEnglish.text).toContain(second.fingerprint)
    expect(inEnglish.text).toContain(`/admin/collections/resources/${resource.id}`)
    const inRussian = await waitForMail({ to: russian.user.email })
    expect(inRussian.subject).toContain('PGP-ключ')
    expect(inRussian.text).toContain(`/admin/collections/resources/${resource.id}`)
    // The owner's first key took effect at once: only the change waits, and is mailed once.
    expect(await mailsTo(english.user.email)).toHaveLength(1)
  })

  it('should mail nobody when an admin replaces the key directly', async () => {
    const moderator = await admin()
    const watcher = await createMember({ payload, role: 'admin' })
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.user.id })
    for (const key of [await makeKey(), await makeKey()]) {
      const patched = await rest('PATCH', `/resources/${resource.id}`, {
        token: moderator.token,
        body: { pgpKey: key.armored },
      })
      expect(patched.status, JSON.stringify(patched.json)).toBe(200)
    }
    expect([await mailsTo(watcher.user.email), await mailsTo(owner.user.email)]).toEqual([[], []])
  })

  it('should mail the owner the admin’s approval, in the owner’s language', async () => {
    const { owner, resource, second } = await waitingKey({ locale: 'en' })
    await saveAsTheAdminDoes(
      await admin(),
      resource.id,
      await savedForm(await admin(), resource.id, 'approve'),
    )
    const mail = await waitForMail({ to: owner.user.email })
    expect(mail.subject).toContain('approved')
    expect(mail.subject).toContain(resource.title)
    expect(mail.text).toContain(second.fingerprint)
  })

  it('should mail the owner the admin’s refusal, in the owner’s language', async () => {
    const { owner, resource, second } = await waitingKey({ locale: 'ru' })
    await decideByGraphql(await admin(), resource.id, 'refuse')
    const mail = await waitForMail({ to: owner.user.email })
    expect(mail.subject).toContain('отклонил')
    expect(mail.text).toContain(second.fingerprint)
    expect(await mailsTo(owner.user.email)).toHaveLength(1)
  })
})
