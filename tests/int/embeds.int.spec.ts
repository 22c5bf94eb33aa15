import { NextRequest } from 'next/server'
import { type Payload, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  type EmbedParams,
  type EmbedReaders,
  badgeAnswer,
  widgetAnswer,
} from '@/components/embeds/embedAnswers'
import { readResourceAt, readResourceReviews } from '@/data/resources'
import { CSP_HEADER } from '@/lib/securityHeaders.mjs'
import { proxy } from '@/proxy'
import { CACHE_TAGS } from '@/server/cacheTags'
import { expiredTagsOf } from '@/server/publicCache'
import type { Resource } from '@payload-types'

import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

/** The page's reads, uncached (a test runs outside Next's cache): what the routes read. */
const readers: EmbedReaders = { resource: readResourceAt, reviews: readResourceReviews }

const PREFIXES = {
  marketplace: 'marketplaces',
  shop: 'shops',
  forum: 'forums',
  exchanger: 'exchangers',
}

const paramsOf = (
  resource: Pick<Resource, 'type' | 'slug'>,
  rest: Partial<EmbedParams> = {},
): EmbedParams => ({
  locale: 'en',
  pagePrefix: PREFIXES[resource.type],
  url: resource.slug ?? '',
  variant: 'light-m',
  ...rest,
})

const badge = async (
  resource: Pick<Resource, 'type' | 'slug'>,
  rest: Partial<EmbedParams> = {},
) => {
  const response = await badgeAnswer(paramsOf(resource, rest), readers)
  return { response, body: await response.text() }
}

const widget = async (
  resource: Pick<Resource, 'type' | 'slug'>,
  rest: Partial<EmbedParams> = {},
) => {
  const response = await widgetAnswer(paramsOf(resource, { variant: 'light', ...rest }), readers)
  return { response, body: await response.text() }
}

const review = async (
  resource: { id: number },
  {
    grade = 5,
    comment = `A fine place ${Math.random()}`,
    title,
    status = 'published',
  }: {
    grade?: number
    comment?: string
    title?: string
    status?: 'published' | 'hidden' | 'pending'
  } = {},
) => {
  const { user } = await createMember({ payload })
  return payload.create({
    collection: 'reviews',
    data: {
      resource: resource.id,
      author: user.id,
      grade,
      comment,
      title,
      status,
      ...(status === 'hidden' ? { hiddenReason: 'Spam' } : {}),
    },
  })
}

const markStatus = (
  id: number,
  publicStatus: 'scam' | 'closed' | 'warning' | 'none',
  req?: unknown,
) =>
  payload.update({
    collection: 'resources',
    id,
    data: { publicStatus, publicStatusReason: publicStatus === 'none' ? '' : 'Stopped paying out' },
    ...(req ? { req: req as never } : {}),
  })

describe('the badge', () => {
  it('should show the score, the count in words and the verified mark, as an SVG kept for minutes', async () => {
    const shop = await createResource({ payload, type: 'shop', verified: true })
    await review(shop, { grade: 5 })
    await review(shop, { grade: 4 })
    const { response, body } = await badge(shop)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=300')
    expect(body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(body).toContain('>Obzor</text>')
    expect(body).toContain('>4.5</text>')
    expect(body).toContain('>2 reviews</text>')
    expect(body).toContain('✓ Verified')
    expect(body).not.toMatch(/<script|\son\w+=/i)
  })

  it('should say the Russian count in its plural forms', async () => {
    const forum = await createResource({ payload, type: 'forum' })
    const said: string[] = []
    for (let count = 1; count <= 5; count += 1) {
      await review(forum)
      said.push((await badge(forum, { locale: 'ru' })).body)
    }
    expect(said[0]).toContain('>1 отзыв</text>')
    expect(said[1]).toContain('>2 отзыва</text>')
    expect(said[4]).toContain('>5 отзывов</text>')
  })

  it('should say "no rating yet" before the first review, never a score of 0.0', async () => {
    const { body } = await badge(await createResource({ payload, type: 'exchanger' }))
    expect(body).toContain('No rating yet')
    expect(body).not.toContain('0.0')
  })

  it("should say a scam or closed resource is one, with the page's score and never a better one", async () => {
    const market = await createResource({ payload, type: 'marketplace' })
    await review(market, { grade: 1 })
    await review(market, { grade: 2 })
    for (const [status, label] of [
      ['scam', 'Scam'],
      ['closed', 'Closed'],
    ] as const) {
      await markStatus(market.id, status)
      const page = await readResourceAt(market.slug!, 'en')
      const { body } = await badge(market)
      expect(body).toContain(`⚠ ${label}`)
      expect(body).toContain(`>${Number(page?.ratingAverage).toFixed(1)}</text>`)
      expect(body).toContain('>1.5</text>')
      for (const size of ['s', 'l']) {
        expect((await badge(market, { variant: `dark-${size}` })).body).toContain(`⚠ ${label}`)
      }
    }
  })

  it('should escape every text: a title with markup is shown, never run', async () => {
    const shop = await createResource({
      payload,
      type: 'shop',
      title: `<script>alert(1)</script> & "Quotes" 'here' ${Date.now()}`,
    })
    const { body } = await badge(shop, { variant: 'light-l' })
    expect(body).not.toContain('<script>')
    expect(body).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Quotes&quot; &#39;here&#39;',
    )
  })

  it('should draw three sizes in both themes, each its own', async () => {
    const shop = await createResource({ payload, type: 'shop' })
    await review(shop, { grade: 3 })
    const bodies = new Set<string>()
    for (const theme of ['light', 'dark']) {
      for (const size of ['s', 'm', 'l']) {
        const { response, body } = await badge(shop, { variant: `${theme}-${size}` })
        expect(response.status).toBe(200)
        bodies.add(body)
      }
    }
    expect(bodies.size).toBe(6)
    expect((await badge(shop, { variant: 'dark-m' })).body).toContain('#171b24')
  })

  it('should answer 404 for what names no published resource of that type, and for bad input', async () => {
    const shop = await createResource({ payload, type: 'shop' })
    const pending = await createResource({ payload, type: 'shop', status: 'pending' })
    const rejected = await payload.update({
      collection: 'resources',
      id: (await createResource({ payload, type: 'shop', status: 'pending' })).id,
      data: { status: 'rejected', rejectionReason: 'Not a shop' },
    })
    const cases: [Pick<Resource, 'type' | 'slug'>, Partial<EmbedParams>][] = [
      [{ type: 'shop', slug: 'no-such-resource' }, {}],
      [pending, {}],
      [rejected, {}],
      [shop, { pagePrefix: 'forums' }],
      [shop, { pagePrefix: 'nonsense' }],
      [shop, { variant: 'purple-m' }],
      [shop, { variant: 'light-xl' }],
      [shop, { variant: 'light-m-extra' }],
      [shop, { locale: 'de' }],
      [{ type: 'shop', slug: 'bad\u0000slug' }, {}],
      [{ type: 'shop', slug: '\ud800' }, {}],
      [{ type: 'shop', slug: 'x'.repeat(5000) }, {}],
    ]
    for (const [resource, rest] of cases) {
      expect((await badgeAnswer(paramsOf(resource, rest), readers)).status).toBe(404)
      const widgetRest = { variant: 'light', ...rest }
      expect((await widgetAnswer(paramsOf(resource, widgetRest), readers)).status).toBe(404)
    }
  })
})

describe('the widget', () => {
  it('should show the three latest published reviews, never hidden or held ones, linking back', async () => {
    const shop = await createResource({ payload, type: 'shop' })
    const shown = []
    for (const n of [1, 2, 3, 4])
      shown.push(await review(shop, { comment: `Published review ${n}` }))
    const hidden = await review(shop, { comment: 'A hidden review', status: 'hidden' })
    const held = await review(shop, { comment: 'A held review', status: 'pending' })
    const { response, body } = await widget(shop)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=300')
    expect(body).toContain('Published review 4')
    expect(body).toContain('Published review 3')
    expect(body).toContain('Published review 2')
    expect(body).not.toContain('Published review 1')
    expect(body).not.toContain(hidden.comment)
    expect(body).not.toContain(held.comment)
    expect(body).toContain(
      `href="http://localhost:3000/en/review/${shown[3]!.id}" target="_blank" rel="noopener"`,
    )
    expect(body).toContain(
      `href="http://localhost:3000/en/resources/shops/${shop.slug}" target="_blank" rel="noopener"`,
    )
    expect(body).toContain('>4 reviews<')
    expect(body).not.toMatch(/<script|\son\w+=|javascript:/i)
  })

  it('should show no author email, no hidden reason and no owner, only what the page shows', async () => {
    const { user: owner } = await createMember({ payload, role: 'owner' })
    const shop = await createResource({ payload, type: 'shop', owner: owner.id })
    await review(shop, { comment: 'Honest review' })
    const { body } = await widget(shop, { locale: 'ru', variant: 'dark' })
    expect(body).toContain('<html lang="ru">')
    expect(body).toContain('Honest review')
    expect(body).not.toContain('@example.com')
    expect(body).not.toContain(owner.displayName)
    expect(body).toContain('http://localhost:3000/resources/shops/')
  })

  it("should escape a review's markup and say a status", async () => {
    const shop = await createResource({ payload, type: 'shop' })
    await review(shop, { comment: '<img src=x onerror=alert(1)> "quoted"', title: '<b>Bold</b>' })
    await markStatus(shop.id, 'scam')
    const { body } = await widget(shop)
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot;')
    expect(body).toContain('&lt;b&gt;Bold&lt;/b&gt;')
    expect(body).not.toContain('<img src=x')
    expect(body).toContain('⚠ Scam')
  })

  it('should say so when there is no review yet', async () => {
    const { body } = await widget(await createResource({ payload, type: 'forum' }))
    expect(body).toContain('No reviews yet.')
    expect(body).not.toContain('<ol>')
  })
})

describe('what expires them', () => {
  it("should expire the resource's tag, which the embeds' reads carry, on a new review and a status change", async () => {
    const shop = await createResource({ payload, type: 'shop' })
    const reviewReq = await createLocalReq({}, payload)
    const { user } = await createMember({ payload })
    await payload.create({
      collection: 'reviews',
      data: {
        resource: shop.id,
        author: user.id,
        grade: 2,
        comment: 'Slow replies.',
        status: 'published',
      },
      req: reviewReq,
    })
    expect(expiredTagsOf(reviewReq)).toContain(CACHE_TAGS.resource(shop.id))
    expect((await badge(shop)).body).toContain('>1 review</text>')

    const statusReq = await createLocalReq({}, payload)
    await markStatus(shop.id, 'closed', statusReq)
    expect(expiredTagsOf(statusReq)).toEqual(
      expect.arrayContaining([CACHE_TAGS.resource(shop.id), CACHE_TAGS.address(shop.slug!)]),
    )
    expect((await badge(shop)).body).toContain('⚠ Closed')
  })
})

describe('the proxy', () => {
  const visit = (path: string) =>
    proxy(
      new NextRequest(new URL(path, 'http://localhost:3000'), {
        headers: { 'accept-language': 'en' },
      }),
    )
  const rewrite = (response: Response) =>
    new URL(response.headers.get('x-middleware-rewrite') ?? 'http://x/none').pathname

  it.each([
    ['/badge/shops/bazaar.svg', '/ru/directory-view/badge/shops/bazaar/light-m'],
    [
      '/badge/shops/bazaar.svg?theme=dark&lang=en&size=l',
      '/en/directory-view/badge/shops/bazaar/dark-l',
    ],
    [
      '/badge/shops/bazaar.svg?theme=pink&lang=de&size=xxl',
      '/ru/directory-view/badge/shops/bazaar/light-m',
    ],
    [
      '/badge/shops/bazaar.svg?theme=dark&theme=light',
      '/ru/directory-view/badge/shops/bazaar/dark-m',
    ],
    ['/badge/shops/bazaar', '/ru/directory-view/badge/_/_/light-m'],
    ['/badge/shops/ba%zzr.svg', '/ru/directory-view/badge/_/_/light-m'],
    ['/badge/shops/a/b.svg', '/ru/directory-view/badge/_/_/light-m'],
    [
      '/widget/shops/bazaar?theme=dark&lang=en&size=l',
      '/en/directory-view/widget/shops/bazaar/dark',
    ],
    ['/widget/shops/%D0%B1%D0%B0', '/ru/directory-view/widget/shops/%D0%B1%D0%B0/light'],
    ['/widget', '/ru/directory-view/widget/_/_/light'],
  ])('should rewrite %s to %s, setting no cookie', async (path, target) => {
    const response = await visit(path)
    expect(rewrite(response)).toBe(target)
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('should let any site frame the widget, run nothing in it, and frame no badge', async () => {
    const policy = (await visit('/widget/shops/bazaar')).headers.get(CSP_HEADER) ?? ''
    expect(policy).toContain('frame-ancestors *')
    expect(policy).toContain("default-src 'none'")
    expect(policy).not.toMatch(/script-src/)
    expect(policy).toContain('sandbox allow-popups allow-popups-to-escape-sandbox')
    const badgePolicy = (await visit('/badge/shops/bazaar.svg')).headers.get(CSP_HEADER) ?? ''
    expect(badgePolicy).toContain("frame-ancestors 'none'")
    expect(badgePolicy).toContain("default-src 'none'")
  })

  it('should keep the internal routes and a prefixed widget address from visitors', async () => {
    for (const path of [
      '/directory-view/badge/shops/x/light-m',
      '/en/directory-view/widget/shops/x/light',
    ]) {
      expect(rewrite(await visit(path))).toMatch(/\/not-found$/)
    }
    const prefixed = await visit('/en/widget/shops/bazaar')
    expect(rewrite(prefixed)).not.toContain('directory-view')
    expect(prefixed.headers.get(CSP_HEADER)).toContain("frame-ancestors 'none'")
  })
})
