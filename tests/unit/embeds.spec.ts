import { describe, expect, it } from 'vitest'

import { type BadgeContent, badgeSvg, textWidth } from '@/components/embeds/badgeSvg'
import { embedInternalPath } from '@/lib/embedAddress'
import {
  embedPath,
  embedSnippets,
  escapeMarkup,
  readEmbedOptions,
  readEmbedVariant,
} from '@/lib/embeds'

const LANGUAGES = ['ru', 'en'] as const

describe('the embeds’ addresses', () => {
  it('should read the options leniently, defaults light, Russian and m', () => {
    expect(readEmbedOptions(new URLSearchParams(''), LANGUAGES)).toEqual({
      theme: 'light',
      lang: 'ru',
      size: 'm',
    })
    expect(readEmbedOptions(new URLSearchParams('theme=dark&lang=en&size=s'), LANGUAGES)).toEqual({
      theme: 'dark',
      lang: 'en',
      size: 's',
    })
    expect(readEmbedOptions(new URLSearchParams('theme=DARK&lang=fr&size=%00'), LANGUAGES)).toEqual(
      { theme: 'light', lang: 'ru', size: 'm' },
    )
  })

  it('should read back only the variants the proxy writes', () => {
    expect(readEmbedVariant('badge', 'dark-l')).toEqual({ theme: 'dark', size: 'l' })
    expect(readEmbedVariant('widget', 'dark')).toEqual({ theme: 'dark', size: 'm' })
    for (const variant of ['dark', 'dark-l-x', 'blue-m', 'light-xl', '']) {
      expect(readEmbedVariant('badge', variant), variant).toBeNull()
    }
    expect(readEmbedVariant('widget', 'dark-l')).toBeNull()
  })

  it('should write the public address the proxy reads back', () => {
    const resource = { prefix: 'shops', slug: 'spice shop' }
    const options = { theme: 'dark', lang: 'en', size: 'l' } as const
    const badge = embedPath('badge', resource, options)
    expect(badge).toBe('/badge/shops/spice%20shop.svg?theme=dark&lang=en&size=l')
    const [path, query] = badge.split('?')
    expect(embedInternalPath(path!, new URLSearchParams(query), LANGUAGES)).toBe(
      '/en/directory-view/badge/shops/spice%20shop/dark-l',
    )
    expect(embedPath('widget', resource, { ...options, theme: 'light' })).toBe(
      '/widget/shops/spice%20shop?lang=en',
    )
    expect(embedInternalPath('/resources/shops', new URLSearchParams(), LANGUAGES)).toBeNull()
  })

  it('should escape what the pasted code holds', () => {
    const { badge, widget } = embedSnippets({
      origin: 'https://obzor.example',
      pageUrl: 'https://obzor.example/resources/shops/a',
      resource: { prefix: 'shops', slug: 'a' },
      options: { theme: 'dark', lang: 'ru', size: 'm' },
      alt: 'A "shop" <b>',
      title: "It's",
    })
    expect(badge).toBe(
      '<a href="https://obzor.example/resources/shops/a" target="_blank" rel="noopener">' +
        '<img src="https://obzor.example/badge/shops/a.svg?theme=dark&amp;lang=ru" alt="A &quot;shop&quot; &lt;b&gt;"></a>',
    )
    expect(widget).toContain('src="https://obzor.example/widget/shops/a?theme=dark&amp;lang=ru"')
    expect(widget).toContain('title="It&#39;s"')
  })

  it('should drop what XML forbids', () => {
    expect(escapeMarkup('a\u0000b\u0007c\ud800d')).toBe('abcd')
    expect(escapeMarkup('😀')).toBe('😀')
  })
})

describe('the badge', () => {
  const content: BadgeContent = {
    siteName: 'Obzor',
    title: 'Spice Shop',
    score: '4.5',
    average: 4.5,
    count: '12 reviews',
    verified: 'Verified',
    status: null,
    summary: 'Spice Shop on Obzor. Rated 4.5 out of 5. 12 reviews',
  }

  it('should grow with its texts, so none is cut', () => {
    const short = badgeSvg({ content, theme: 'light', size: 'm' })
    const long = badgeSvg({
      content: { ...content, count: '12 345 отзывов и ещё немного слов' },
      theme: 'light',
      size: 'm',
    })
    const widthOf = (svg: string) => Number(svg.match(/width="(\d+)"/)?.[1])
    expect(widthOf(long)).toBeGreaterThan(widthOf(short) + textWidth('и ещё немного слов', 11))
  })

  it('should add the status band, in its colours, and be taller for it', () => {
    const plain = badgeSvg({ content, theme: 'dark', size: 's' })
    const scam = badgeSvg({
      content: { ...content, status: { key: 'scam', label: 'Scam' } },
      theme: 'dark',
      size: 's',
    })
    const heightOf = (svg: string) => Number(svg.match(/height="(\d+)"/)?.[1])
    expect(heightOf(scam)).toBeGreaterThan(heightOf(plain))
    expect(scam).toContain('fill="#ff8a80"')
    expect(scam).toContain('⚠ Scam')
  })

  it('should fill the stars to the average', () => {
    expect(badgeSvg({ content, theme: 'light', size: 'l' })).toContain('<rect width="108.00"')
  })
})
