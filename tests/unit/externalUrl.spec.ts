import { describe, expect, it } from 'vitest'

import { toSafeExternalUrl } from '@/lib/externalUrl'

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
