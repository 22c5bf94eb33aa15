import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createVerifiedAccount, signInToken } from '../helpers/accounts'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
const samplePng = readFileSync(path.resolve(import.meta.dirname, '../fixtures/sample.png'))

const avatarForm = (bytes: Uint8Array, name: string, type: string) => {
  const form = new FormData()
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type }), name)
  return form
}

describe('get-user-by-id', () => {
  it('should show a user their own account without any secret', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const { json } = await rest('GET', '/get-user-by-id', { token })
    expect(json.user).toMatchObject({
      id: account.userId,
      login: account.login,
      two_factor: 'none',
    })
    expect(Object.keys(json.user)).not.toEqual(
      expect.arrayContaining(['hash', 'salt', 'totpSecret']),
    )
  })

  it("should refuse a user another member's account", async () => {
    const first = await createVerifiedAccount()
    const second = await createVerifiedAccount()
    const token = await signInToken(first)
    const { status } = await rest('GET', `/get-user-by-id?id=${second.userId}`, { token })
    expect(status).toBe(403)
  })

  it('should refuse a guest', async () => {
    const { status } = await rest('GET', '/get-user-by-id')
    expect(status).toBe(401)
  })
})

describe('update-user-by-id', () => {
  it('should save profile fields', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const { json } = await rest('POST', '/update-user-by-id', {
      token,
      body: { name: 'Ivan Petrov', phone: '+7 900 000-00-00', theme: 'dark', locale: 'en' },
    })
    expect(json.user).toMatchObject({ name: 'Ivan Petrov', theme: 'dark', locale: 'en' })
  })

  it('should store a PNG avatar with a resized copy', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const { status, json } = await rest('POST', '/update-user-by-id', {
      token,
      body: avatarForm(samplePng, 'me.png', 'image/png'),
    })
    expect([status, json.user.avatar]).toEqual([200, expect.stringMatching(/160x160/)])
  })

  it('should refuse an avatar over 500 KB', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const big = new Uint8Array(501 * 1024)
    big.set(samplePng)
    const { status, json } = await rest('POST', '/update-user-by-id', {
      token,
      body: avatarForm(big, 'big.png', 'image/png'),
      headers: english,
    })
    expect([status, json.errors.avatar[0]]).toEqual([422, 'File size exceeds the maximum limit.'])
  })

  it('should refuse a damaged picture in the member’s language, never in Payload’s English', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const damaged = samplePng.subarray(0, 64)
    const [ru, en] = [
      await rest('POST', '/update-user-by-id', {
        token,
        body: avatarForm(damaged, 'me.png', 'image/png'),
        headers: { 'Accept-Language': 'ru' },
      }),
      await rest('POST', '/update-user-by-id', {
        token,
        body: avatarForm(damaged, 'me.png', 'image/png'),
        headers: english,
      }),
    ]
    expect([ru.status, ru.json.errors.avatar[0], en.json.errors.avatar[0]]).toEqual([
      422,
      'Не удалось принять файл: он повреждён или такой тип файлов не поддерживается.',
      'The file could not be accepted: it is damaged or this file type is not supported.',
    ])
  })

  it('should refuse an avatar that is not a JPG or PNG', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;')
    const { json } = await rest('POST', '/update-user-by-id', {
      token,
      body: avatarForm(gif, 'me.png', 'image/png'),
      headers: english,
    })
    expect(json.errors.avatar[0]).toBe('File type is not allowed.')
  })

  it('should let the display name change once in 30 days and say when the next change is', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const first = await rest('POST', '/update-user-by-id', {
      token,
      body: { display_name: `${account.display_name} A` },
    })
    const second = await rest('POST', '/update-user-by-id', {
      token,
      body: { display_name: `${account.display_name} B` },
      headers: english,
    })
    expect([first.status, second.status]).toEqual([200, 422])
    expect(second.json.errors.display_name[0]).toMatch(/^The display name can be changed again on /)
    expect(first.json.user.display_name_changeable_at).toBeTruthy()
  })

  it('should keep no avatar when the profile it comes with is refused', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    await rest('POST', '/update-user-by-id', {
      token,
      body: { display_name: `${account.display_name} A` },
    })
    const form = avatarForm(samplePng, 'me.png', 'image/png')
    form.append('display_name', `${account.display_name} B`)
    const { status } = await rest('POST', '/update-user-by-id', { token, body: form })
    const { totalDocs } = await payload.count({
      collection: 'media',
      where: { uploadedBy: { equals: account.userId } },
    })
    expect([status, totalDocs]).toEqual([422, 0])
  })

  it("should refuse to edit another member's profile", async () => {
    const first = await createVerifiedAccount()
    const second = await createVerifiedAccount()
    const token = await signInToken(first)
    const { status } = await rest('POST', '/update-user-by-id', {
      token,
      body: { id: String(second.userId), name: 'Hijacked' },
    })
    const untouched = await payload.findByID({ collection: 'users', id: second.userId })
    expect([status, untouched.name ?? null]).toEqual([403, null])
  })

  it('should not let a member set a PGP key or second factor through the collection API', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    await rest('PATCH', `/users/${account.userId}`, {
      token,
      body: { pgpPublicKey: 'anything', twoFactor: 'pgp', totpSecret: 'x' },
    })
    const saved = await payload.findByID({
      collection: 'users',
      id: account.userId,
      showHiddenFields: true,
    })
    expect([saved.pgpPublicKey ?? null, saved.twoFactor, saved.totpSecret ?? null]).toEqual([
      null,
      'none',
      null,
    ])
  })
})

describe('get-roles', () => {
  it('should list every role with its name in the visitor language', async () => {
    const { json } = await rest('POST', '/get-roles', { headers: english })
    expect(json.roles).toContainEqual({
      value: 'marketplaceOperator',
      label: 'Marketplace Operator',
      is_employee_role: true,
    })
  })
})
