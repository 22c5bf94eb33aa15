import { describe, expect, it } from 'vitest'

import { NEXT_PARAM, safeNextPath, withNextParam } from '@/routes'

/** What the browser would do with the value: where `location.assign(value)` would land. */
const landsOn = (value: string) => new URL(value, 'https://site.example/signin').origin

/** `next` as the sign-in page reads it from its address. */
const fromQuery = (query: string) =>
  new URL(`https://site.example/signin?${query}`).searchParams.get(NEXT_PARAM)

describe('safeNextPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/en/profile?tab=security', '/en/profile?tab=security'],
    ['/resources/shops?page=2&sort=rating#reviews', '/resources/shops?page=2&sort=rating#reviews'],
    [
      '/ru/поиск?q=магазин',
      '/ru/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%D0%BC%D0%B0%D0%B3%D0%B0%D0%B7%D0%B8%D0%BD',
    ],
    ['/a/../profile', '/profile'],
    ['/%2F/evil.example', '/%2F/evil.example'],
  ])('should accept %s as %s', (value, path) => {
    expect(safeNextPath(value)).toBe(path)
  })

  it.each([
    '/\t/evil.example/pwn',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\t\n\r/evil.example',
    '\t//evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    'https://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    ' /profile',
    'profile',
    '/profile\u0000',
    '/profile\u007f',
    '',
  ])('should refuse %j', (value) => {
    expect(safeNextPath(value)).toBeNull()
  })

  it.each([null, undefined])('should refuse %s', (value) => {
    expect(safeNextPath(value)).toBeNull()
  })

  it.each([
    `${NEXT_PARAM}=%2F%09%2Fevil.example%2Fpwn`,
    `${NEXT_PARAM}=%2F%0A%2Fevil.example`,
    `${NEXT_PARAM}=%2F%0D%2Fevil.example`,
    `${NEXT_PARAM}=%2F%5Cevil.example`,
    `${NEXT_PARAM}=%2F%2Fevil.example`,
    `${NEXT_PARAM}=%2F.%2F%2Fevil.example`,
    `${NEXT_PARAM}=https%3A%2F%2Fevil.example`,
    `${NEXT_PARAM}=javascript%3Aalert(1)`,
  ])('should refuse the encoded address %s', (query) => {
    expect(safeNextPath(fromQuery(query))).toBeNull()
  })

  it.each([
    '/\t/evil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    '/profile?next=//evil.example#//evil.example',
  ])('should only return paths the browser keeps on this site (%j)', (value) => {
    expect(landsOn(safeNextPath(value) ?? '/')).toBe('https://site.example')
  })
})

describe('withNextParam', () => {
  it('should add an encoded next that stays on this site', () => {
    expect(withNextParam({ path: '/signin', next: '/en/profile?tab=1' })).toBe(
      `/signin?${NEXT_PARAM}=${encodeURIComponent('/en/profile?tab=1')}`,
    )
  })

  it('should leave out a next that would leave the site', () => {
    expect(withNextParam({ path: '/signin', next: '/\t/evil.example' })).toBe('/signin')
  })
})
