import { describe, expect, expectTypeOf, it } from 'vitest'

import { type PostAnswer, apiPath, apiPost } from '@/client/api'

/**
 * The browser's client is typed by the calls' declarations (src/api): the type check (`npm test`
 * runs tsc over this file too) refuses a path no call declares, a body of the wrong shape, and
 * reading an answer field the call does not give.
 */
describe('the typed API client', () => {
  it('should type a call by its declaration', () => {
    // Never run: only compiled.
    const _calls = () => {
      void apiPost('/add-favorite', { resource_id: 1 })
      // @ts-expect-error: no call is declared at this path
      void apiPost('/add-favourite', { resource_id: 1 })
      // @ts-expect-error: the body has no such field
      void apiPost('/add-favorite', { resource: 1 })
      // @ts-expect-error: a POST call is not a GET one
      void apiPath('/add-favorite')
    }
    expectTypeOf<PostAnswer<'/add-favorite'>>().toEqualTypeOf<
      { status: 200 } & { favorite: true }
    >()
    expect(_calls).toBeTypeOf('function')
  })

  it("should write a GET call's query into its path, leaving out what is not given", () => {
    expect(apiPath('/users/me')).toBe('/users/me')
  })
})
