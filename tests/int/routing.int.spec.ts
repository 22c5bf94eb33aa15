import { NextRequest } from 'next/server'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { proxy } from '@/proxy'
import { ROUTES, ruleFor, safeNextPath } from '@/routes'
import { seed } from '@/seed'
import { DEMO_PASSWORD } from '@/seed/users'

import { releasePayload, startPayload } from '../helpers/payload'

const SIGNED_IN_ONLY = [
  '/account',
  '/add-employer',
  '/add-resource',
  '/analitycs',
  '/change-password',
  '/favorites',
  '/profile',
  '/reviews',
  '/users',
]

/** The project's own signed-in-only screens, beside the spec's: the moderators' (issue 28), the notifications (issue 32). */
const PROJECT_SIGNED_IN_ONLY = ['/moderation', '/notifications']

let payload: Payload
let token: string

const visit = (
  path: string,
  {
    cookie,
    language,
    headers,
  }: { cookie?: string; language?: string; headers?: Record<string, string> } = {},
) =>
  proxy(
    new NextRequest(new URL(path, 'http://localhost:3000'), {
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(language ? { 'accept-language': language } : {}),
        ...headers,
      },
    }),
  )

beforeAll(async () => {
  payload = await startPayload()
  await seed({ payload })
  const login = await payload.login({
    collection: 'users',
    data: { email: 'user@example.com', password: DEMO_PASSWORD },
  })
  token = login.token ?? ''
})

afterAll(releasePayload)

describe('route table', () => {
  it('should mark exactly the signed-in-only routes of spec section 2, and the project’s own', () => {
    const signedIn = ROUTES.filter((route) => route.rule === 'signedIn').map((r) => r.pattern)
    expect(signedIn.sort()).toEqual([...SIGNED_IN_ONLY, ...PROJECT_SIGNED_IN_ONLY].sort())
  })

  it('should give the moderation queues the rule of /moderation', () => {
    expect(
      ['/moderation/reports', '/moderation/resources', '/moderation/contacts'].map(ruleFor),
    ).toEqual(['signedIn', 'signedIn', 'signedIn'])
  })

  it('should give /account children the rule of /account', () => {
    expect([ruleFor('/account/reviews'), ruleFor('/account/users')]).toEqual([
      'signedIn',
      'signedIn',
    ])
  })

  it('should treat dynamic public routes as public', () => {
    expect(
      ['/news/hello', '/resources/shops', '/resources/shops/some-shop', '/password-reset/abc'].map(
        ruleFor,
      ),
    ).toEqual(['public', 'public', 'public', 'public'])
  })

  it('should give /signin its own rule', () => {
    expect(ruleFor('/signin')).toBe('signin')
  })

  it('should only follow next targets on this site', () => {
    expect(
      ['/profile?tab=1', '//evil.example', 'https://evil.example', '/\\evil'].map(safeNextPath),
    ).toEqual(['/profile?tab=1', null, null, null])
  })
})

describe('proxy', () => {
  it('should send a guest from every signed-in-only route to /signin and back', async () => {
    const locations = await Promise.all(
      SIGNED_IN_ONLY.map(async (path) => (await visit(path)).headers.get('location')),
    )
    expect(locations).toEqual(
      SIGNED_IN_ONLY.map((path) => `http://localhost:3000/signin?next=${encodeURIComponent(path)}`),
    )
  })

  it('should keep the language of a prefixed URL when sending a guest to sign in', async () => {
    const response = await visit('/en/profile?tab=security')
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe(
      `http://localhost:3000/en/signin?next=${encodeURIComponent('/en/profile?tab=security')}`,
    )
  })

  it('should let a signed-in user through to a signed-in-only route', async () => {
    const response = await visit('/favorites', { cookie: `payload-token=${token}` })
    expect(response.headers.get('location')).toBeNull()
  })

  it('should treat a forged session token as a guest', async () => {
    const forged = `${token.slice(0, -4)}AAAA`
    const response = await visit('/profile', { cookie: `payload-token=${forged}` })
    expect(response.headers.get('location')).toContain('/signin')
  })

  it('should send a signed-in user from /signin to the profile in their language', async () => {
    const ru = await visit('/signin', { cookie: `payload-token=${token}` })
    const en = await visit('/en/signin', { cookie: `payload-token=${token}` })
    expect([ru.headers.get('location'), en.headers.get('location')]).toEqual([
      'http://localhost:3000/profile',
      'http://localhost:3000/en/profile',
    ])
  })

  it('should let a cookie whose session ended reach /signin when the page says so', async () => {
    const response = await visit('/en/signin?next=%2Fen%2Fprofile&ended=1', {
      cookie: `payload-token=${token}`,
    })
    expect(response.headers.get('location')).toBeNull()
  })

  it('should send a first English visitor of / to /en', async () => {
    const response = await visit('/', { language: 'en-US,en;q=0.9' })
    expect(response.headers.get('location')).toBe('http://localhost:3000/en')
  })

  it('should prefer the locale cookie over the browser language on /', async () => {
    const response = await visit('/', { cookie: 'NEXT_LOCALE=ru', language: 'en-US,en;q=0.9' })
    expect(response.headers.get('location')).toBeNull()
  })

  it('should serve an unprefixed path as Russian without redirecting', async () => {
    const response = await visit('/about-us', { language: 'en' })
    expect(response.headers.get('location')).toBeNull()
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/ru/about-us')
  })

  it('should serve /ru paths as they are', async () => {
    const response = await visit('/ru/about-us')
    expect([
      response.headers.get('location'),
      response.headers.get('x-middleware-rewrite'),
    ]).toEqual([null, null])
  })

  it('should keep the language in a cookie for 365 days on path / with SameSite=Lax', async () => {
    const cookie = (await visit('/en/news')).headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/NEXT_LOCALE=en/)
    expect(cookie).toMatch(/Max-Age=31536000/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie.toLowerCase()).toMatch(/samesite=lax/)
  })

  it('should not change the language cookie when the router only prefetches a page', async () => {
    const response = await visit('/en/news', {
      cookie: 'NEXT_LOCALE=ru',
      headers: { 'next-router-prefetch': '1', rsc: '1' },
    })
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('should not change the language cookie when the router prefetches one segment', async () => {
    const response = await visit('/en/news', {
      cookie: 'NEXT_LOCALE=ru',
      headers: { 'next-router-segment-prefetch': '/_tree', rsc: '1' },
    })
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('should mark the language cookie Secure only when configured', async () => {
    const plain = (await visit('/en/news')).headers.get('set-cookie') ?? ''
    process.env.COOKIE_SECURE = 'true'
    let secure: string
    try {
      secure = (await visit('/en/news')).headers.get('set-cookie') ?? ''
    } finally {
      // The worker's later files share this process's environment.
      delete process.env.COOKIE_SECURE
    }
    expect([/;\s*Secure/i.test(plain), /;\s*Secure/i.test(secure)]).toEqual([false, true])
  })
})
