import { NextRequest } from 'next/server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { proxy } from '@/proxy'
import { fallbackLocale } from '@/server/env'

import en from '../../messages/en.json'
import ru from '../../messages/ru.json'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

/** A browser that names no language of the site, and no language cookie. */
const GERMAN = { 'Accept-Language': 'de-DE,de;q=0.9' }

beforeAll(async () => {
  await startPayload()
})

afterEach(() => {
  delete process.env.FALLBACK_LOCALE
})

afterAll(releasePayload)

describe('the locale fallback (spec §9, FALLBACK_LOCALE)', () => {
  it('should answer a visitor whose browser names no language of the site in Russian by default', async () => {
    const { json } = await rest('POST', '/login', { headers: GERMAN, body: {} })
    expect(json.message).toBe(ru.api.required)
  })

  it('should answer such a visitor in the configured fallback', async () => {
    process.env.FALLBACK_LOCALE = 'en'
    const { json } = await rest('POST', '/login', { headers: GERMAN, body: {} })
    expect(json.message).toBe(en.api.required)
  })

  it('should still follow the browser before the fallback', async () => {
    process.env.FALLBACK_LOCALE = 'en'
    const { json } = await rest('POST', '/login', {
      headers: { 'Accept-Language': 'ru' },
      body: {},
    })
    expect(json.message).toBe(ru.api.required)
  })

  it("should send such a visitor of the home page to the fallback's home", async () => {
    process.env.FALLBACK_LOCALE = 'en'
    const response = await proxy(
      new NextRequest(new URL('/', 'http://localhost:3000'), { headers: GERMAN }),
    )
    expect([response.status, new URL(response.headers.get('location') ?? '').pathname]).toEqual([
      307,
      '/en',
    ])
  })

  it('should refuse a value that is no language of the site', () => {
    process.env.FALLBACK_LOCALE = 'de'
    expect(() => fallbackLocale()).toThrow(/FALLBACK_LOCALE: "de"/)
  })
})
