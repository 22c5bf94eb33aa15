import { createHash } from 'node:crypto'

import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match'
import { NextRequest } from 'next/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { themeBootScript } from '@/client/theme'
import {
  API_POLICY,
  CSP_HEADER,
  EVERY_PATH_BUT_WIDGET,
  WIDGET_SOURCE,
  adminPolicy,
  embedPolicy,
  securityHeaders,
  sitePolicy,
} from '@/lib/securityHeaders.mjs'
import { proxy } from '@/proxy'

/** A policy as `directive → sources`. */
const parse = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/)
      return [name, sources]
    }),
  )

const visit = async (path: string) => {
  const response = await proxy(new NextRequest(new URL(path, 'http://localhost:3000')))
  return {
    policy: response.headers.get(CSP_HEADER) ?? '',
    // What the proxy hands Next as the request's own header: Next takes the nonce from there.
    requestPolicy: response.headers.get(`x-middleware-request-${CSP_HEADER.toLowerCase()}`),
  }
}

const nonceOf = (policy: string) => policy.match(/'nonce-([^']+)'/)?.[1]

const headersOf = (source: string) =>
  Object.fromEntries(
    (securityHeaders().find((rule) => rule.source === source)?.headers ?? []).map((header) => [
      header.key,
      header.value,
    ]),
  )

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('the site policy', () => {
  it('should let only the nonce, what it loads and the given hashes run on a page with a nonce', () => {
    const scripts = parse(sitePolicy({ nonce: 'abc', scriptHashes: ["'sha256-x'"] }))['script-src']
    expect(scripts).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'", "'sha256-x'"])
  })

  it('should allow inline scripts but no inline event handlers on a cached page', () => {
    const policy = parse(sitePolicy())
    expect([policy['script-src'], policy['script-src-attr']]).toEqual([
      ["'self'", "'unsafe-inline'"],
      ["'none'"],
    ])
  })

  it.each([
    ['with a nonce', sitePolicy({ nonce: 'abc' })],
    ['cached', sitePolicy()],
    ['of the admin', adminPolicy()],
  ])('should forbid framing, plugins and a moved base (%s)', (_page, policy) => {
    expect(parse(policy)).toMatchObject({
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
    })
  })

  it('should name no third party when none is configured', () => {
    expect(sitePolicy()).not.toMatch(/google|gstatic/)
  })

  it("should allow reCAPTCHA's scripts and frames when a site key is configured", () => {
    vi.stubEnv('NEXT_PUBLIC_RECAPTCHA_SITE_KEY', 'site-key')
    const policy = parse(sitePolicy({ nonce: 'abc' }))
    expect([policy['script-src'], policy['frame-src']]).toEqual([
      expect.arrayContaining([
        'https://www.google.com/recaptcha/',
        'https://www.gstatic.com/recaptcha/',
      ]),
      ["'self'", 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    ])
  })

  it('should allow the configured Google sign-in script and its folder', () => {
    vi.stubEnv('NEXT_PUBLIC_GOOGLE_CLIENT_ID', 'client-id')
    vi.stubEnv('NEXT_PUBLIC_GOOGLE_GSI_URL', 'https://gsi.example/gsi/client')
    const policy = parse(sitePolicy())
    expect({
      script: policy['script-src'].at(-1),
      style: policy['style-src'].at(-1),
      frame: policy['frame-src'].at(-1),
      connect: policy['connect-src'].at(-1),
    }).toEqual({
      script: 'https://gsi.example/gsi/client',
      style: 'https://gsi.example/gsi/',
      frame: 'https://gsi.example/gsi/',
      connect: 'https://gsi.example/gsi/',
    })
  })

  it('should let uploaded files and API answers run nothing, even opened on their own', () => {
    expect(parse(API_POLICY)).toEqual({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      sandbox: [],
      'frame-ancestors': ["'none'"],
    })
  })
})

describe('the headers of every answer', () => {
  it('should send nosniff, no framing and the referrer policy on every path', () => {
    expect(headersOf(EVERY_PATH_BUT_WIDGET)).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    })
  })

  it('should send HSTS only when the site is served over https', () => {
    vi.stubEnv('NEXT_PUBLIC_SERVER_URL', 'http://localhost:3000')
    const plain = headersOf(EVERY_PATH_BUT_WIDGET)['Strict-Transport-Security']
    const widgetPlain = headersOf(WIDGET_SOURCE)['Strict-Transport-Security']
    vi.stubEnv('NEXT_PUBLIC_SERVER_URL', 'https://obzor.example')
    const secure = headersOf(EVERY_PATH_BUT_WIDGET)['Strict-Transport-Security']
    const widgetSecure = headersOf(WIDGET_SOURCE)['Strict-Transport-Security']
    expect([plain, widgetPlain, secure, widgetSecure]).toEqual([
      undefined,
      undefined,
      'max-age=31536000; includeSubDomains',
      'max-age=31536000; includeSubDomains',
    ])
  })

  it('should give the admin and the API their own policies after the general one', () => {
    expect(
      securityHeaders().map((rule) => [rule.source, headersOf(rule.source)[CSP_HEADER]]),
    ).toEqual([
      [EVERY_PATH_BUT_WIDGET, sitePolicy()],
      [WIDGET_SOURCE, embedPolicy('widget')],
      ['/admin/:path*', adminPolicy()],
      ['/preview/:path*', undefined],
      ['/:locale(ru|en)/preview/:path*', undefined],
      ['/api/:path*', API_POLICY],
    ])
  })

  it("should leave DENY off the widget's addresses only, which any site may frame", () => {
    // Next matches a rule's source as next.config.mjs's headers are matched.
    const matches = (source: string, path: string) =>
      Boolean(getPathMatch(source, { removeUnnamedParams: true, strict: true })(path))
    const paths = [
      '/',
      '/resources/shops',
      '/badge/shops/x.svg',
      '/en/widget/shops/x',
      '/widgets/x',
    ]
    expect(paths.filter((path) => !matches(EVERY_PATH_BUT_WIDGET, path))).toEqual([])
    expect(matches(EVERY_PATH_BUT_WIDGET, '/widget/shops/bazaar')).toBe(false)
    expect(matches(WIDGET_SOURCE, '/widget/shops/bazaar')).toBe(true)
    expect(headersOf(WIDGET_SOURCE)).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    })
    expect(headersOf(WIDGET_SOURCE)['X-Frame-Options']).toBeUndefined()
    expect(parse(embedPolicy('widget'))).toEqual({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ['*'],
      sandbox: ['allow-popups', 'allow-popups-to-escape-sandbox'],
    })
    expect(embedPolicy('badge')).toBe(API_POLICY)
  })

  it("should let only this origin frame the admin's live preview", () => {
    expect([
      headersOf('/preview/:path*')['X-Frame-Options'],
      headersOf('/:locale(ru|en)/preview/:path*')['X-Frame-Options'],
      parse(sitePolicy({ nonce: 'abc', framedBySelf: true }))['frame-ancestors'],
    ]).toEqual(['SAMEORIGIN', 'SAMEORIGIN', ["'self'"]])
  })
})

describe('the proxy', () => {
  it.each(['/signin', '/en/signup', '/en/contacts', '/ru/forget', '/en/no-such-page'])(
    'should give %s a fresh nonce, in the answer and in the request Next renders',
    async (path) => {
      const [first, second] = [await visit(path), await visit(path)]
      expect({
        hasNonce: Boolean(nonceOf(first.policy)),
        isFresh: nonceOf(first.policy) !== nonceOf(second.policy),
        isHandedToNext: first.requestPolicy === first.policy,
      }).toEqual({ hasNonce: true, isFresh: true, isHandedToNext: true })
    },
  )

  it('should let only the preview be framed, by this origin', async () => {
    const frames = async (path: string) => parse((await visit(path)).policy)['frame-ancestors']
    expect([await frames('/en/preview/pages/1'), await frames('/en/signin')]).toEqual([
      ["'self'"],
      ["'none'"],
    ])
  })

  it("should let the theme's boot script run by its hash", async () => {
    const hash = createHash('sha256').update(themeBootScript).digest('base64')
    expect(parse((await visit('/en/signin')).policy)['script-src']).toContain(`'sha256-${hash}'`)
  })

  it.each([
    '/',
    '/en',
    '/resources/shops',
    '/en/resources/shops?page=2',
    '/en/resources/shops/x',
    '/en/search?q=x',
    '/search/x',
  ])('should give the cached page %s the policy without a nonce', async (path) => {
    const { policy, requestPolicy } = await visit(path)
    expect([policy, requestPolicy]).toEqual([sitePolicy(), sitePolicy()])
  })
})
