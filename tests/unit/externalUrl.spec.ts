import { describe, expect, it } from 'vitest'

import { isSavableLink, isSitePath, leavesSiteUnmarked, toSafeExternalUrl } from '@/lib/externalUrl'

describe('toSafeExternalUrl', () => {
  it.each(['http://example.com/', 'https://example.com/path?q=1#top', 'HTTPS://EXAMPLE.COM/'])(
    'should accept %s',
    (href) => {
      expect(toSafeExternalUrl(href)?.href.toLowerCase()).toBe(href.toLowerCase())
    },
  )

  it('should return the parsed URL', () => {
    expect(toSafeExternalUrl('  https://example.com/a  ')).toBeInstanceOf(URL)
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
    'mailto:someone@example.com',
    'tel:+10000000000',
    'blob:https://example.com/uuid',
  ])('should refuse %s', (href) => {
    expect(toSafeExternalUrl(href)).toBeNull()
  })

  it.each(['/relative/path', 'example.com', '//example.com/path', '#hash', '?q=1', ''])(
    'should refuse the relative address %j',
    (href) => {
      expect(toSafeExternalUrl(href)).toBeNull()
    },
  )

  it.each(['http://', 'https://exa mple.com', 'http://[::1', 'not a url'])(
    'should refuse the malformed address %j',
    (href) => {
      expect(toSafeExternalUrl(href)).toBeNull()
    },
  )
})

describe('isSitePath', () => {
  it.each(['/faqs', '/news/a-b?page=2#top', '/resources/exchangers?verified=1', '/x/../faqs'])(
    'should take the path of this site %j',
    (href) => {
      expect(isSitePath(href)).toBe(true)
    },
  )

  it.each([
    '/\\evil.example/login',
    '/\\\\evil.example',
    '//evil.example/x',
    '/\t/evil.example',
    '/\n/evil.example',
    '/x/..//evil.example',
    '/ /evil',
    'https://evil.example/',
    'faqs',
    '#top',
    '',
  ])('should refuse %j, which leaves the site or is no path', (href) => {
    expect(isSitePath(href)).toBe(false)
  })
})

describe('leavesSiteUnmarked', () => {
  const page = 'https://obzor.example/ru/news/a'
  it.each(['/\\evil.example/x', '//evil.example/x', '\\\\evil.example', '/\t/evil.example'])(
    'should catch %j, a path the browser follows to another site',
    (href) => {
      expect(leavesSiteUnmarked(href, page)).toBe(true)
    },
  )

  it.each(['/faqs', 'https://elsewhere.example/', '#top', '?q=1', 'faqs'])(
    'should let %j be (the site, or an address that says where it goes)',
    (href) => {
      expect(leavesSiteUnmarked(href, page)).toBe(false)
    },
  )
})

describe('isSavableLink', () => {
  it('should save full http(s) addresses, site paths and anchors, nothing else', () => {
    expect(['https://example.com/a', '/faqs#x', '#top'].map(isSavableLink)).toEqual([
      true,
      true,
      true,
    ])
    expect(
      ['/\\evil.example', '//evil.example', 'javascript:alert(1)', 'mailto:a@b.c', 'x y'].map(
        isSavableLink,
      ),
    ).toEqual([false, false, false, false, false])
  })
})
