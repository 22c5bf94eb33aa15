import { describe, expect, it } from 'vitest'

import { compareAddress, readCompareSlugs } from '@/lib/compareAddress'
import { bestOf, durationParts } from '@/lib/compareBest'
import { canonicalSlugs, compareHref, isCanonicalView } from '@/lib/compareQuery'

const ROOT = '/directory-view'
const visit = (search: string) => compareAddress('/compare', search, ROOT)

describe('the comparison’s address', () => {
  it('serves the canonical form as its view, slugs sorted and encoded', () => {
    expect(visit('?r=alpha&r=beta')).toEqual({ view: '/directory-view/compare/alpha/beta' })
    expect(visit('')).toEqual({ view: '/directory-view/compare' })
    expect(visit('?r=%D0%B1%D0%B0%D0%BD%D0%BA')).toEqual({
      view: '/directory-view/compare/%D0%B1%D0%B0%D0%BD%D0%BA',
    })
  })

  it('redirects every other spelling of a set to its one address', () => {
    expect(visit('?r=beta&r=alpha')).toEqual({ redirect: '/compare?r=alpha&r=beta' })
    expect(visit('?r=alpha&r=alpha&r=beta')).toEqual({ redirect: '/compare?r=alpha&r=beta' })
    expect(visit('?r=alpha&utm_source=x&r=beta')).toEqual({
      redirect: '/compare?r=alpha&r=beta',
    })
    expect(visit('?r=')).toEqual({ redirect: '/compare' })
    expect(visit('?x=1')).toEqual({ redirect: '/compare' })
    expect(visit('?r=+alpha+')).toEqual({ redirect: '/compare?r=alpha' })
    // Unencoded characters the URL keeps as they are, encoded as the canonical form does.
    expect(visit('?r=a/b')).toEqual({ redirect: '/compare?r=a%2Fb' })
    expect(visit('?r=%D0%91')).toEqual({ view: '/directory-view/compare/%D0%91' })
  })

  it('keeps the first three distinct resources, then sorts them', () => {
    expect(visit('?r=d&r=c&r=c&r=b&r=a')).toEqual({ redirect: '/compare?r=b&r=c&r=d' })
  })

  it('drops values whose percent-encoding decodes to nothing, control characters and long ones', () => {
    expect(visit('?r=%zz&r=ok')).toEqual({ redirect: '/compare?r=ok' })
    expect(visit('?r=%ff&r=ok')).toEqual({ redirect: '/compare?r=ok' })
    expect(visit('?r=a%00b&r=ok')).toEqual({ redirect: '/compare?r=ok' })
    expect(visit(`?r=${'x'.repeat(91)}&r=ok`)).toEqual({ redirect: '/compare?r=ok' })
    expect(visit('?%zz=1&r=ok')).toEqual({ redirect: '/compare?r=ok' })
  })

  it('is a fixed point: the address it redirects to is served as it is', () => {
    for (const search of ['?r=b&r=a', '?r=a,b&r=c', '?r=%2C&r=x%20y', '?r=a+b', '?r=ё&r=я']) {
      const first = visit(search)
      const target = 'redirect' in first! ? first.redirect.replace('/compare', '') : search
      expect(visit(target), search).toHaveProperty('view')
    }
  })

  it('leaves every other address alone', () => {
    expect(compareAddress('/compare/x', '?r=a', ROOT)).toBeNull()
    expect(compareAddress('/resources/shops', '?r=a', ROOT)).toBeNull()
  })

  it('reads the values of r only, a comma being part of a slug', () => {
    expect(readCompareSlugs('?r=a%2Cb&s=c&r=d')).toEqual(['a,b', 'd'])
    expect(canonicalSlugs(['b', ' a ', 'b', ''])).toEqual(['a', 'b'])
  })

  it('links to the canonical form and knows a canonical view', () => {
    expect(compareHref(['zeta', 'alpha'])).toBe('/compare?r=alpha&r=zeta')
    expect(compareHref([])).toBe('/compare')
    expect(isCanonicalView(['alpha', 'zeta'])).toBe(true)
    expect(isCanonicalView([])).toBe(true)
    expect(isCanonicalView(['zeta', 'alpha'])).toBe(false)
    expect(isCanonicalView(['a', 'a'])).toBe(false)
    expect(isCanonicalView(['a', 'b', 'c', 'd'])).toBe(false)
  })
})

describe('the comparison’s figures', () => {
  it('marks the best of a row only when it says something', () => {
    expect(bestOf([4.5, 3.2, null])).toEqual([true, false, false])
    expect(bestOf([3600, 60], 'lower')).toEqual([false, true])
    expect(bestOf([4, 4, 2])).toEqual([true, true, false])
    expect(bestOf([4, 4])).toEqual([false, false])
    expect(bestOf([4, null, null])).toEqual([false, false, false])
  })

  it('tells a duration in its largest fitting unit', () => {
    expect(durationParts(10)).toEqual({ unit: 'minutes', count: 1 })
    expect(durationParts(59 * 60)).toEqual({ unit: 'minutes', count: 59 })
    expect(durationParts(5 * 3600)).toEqual({ unit: 'hours', count: 5 })
    expect(durationParts(3 * 86400)).toEqual({ unit: 'days', count: 3 })
  })
})
