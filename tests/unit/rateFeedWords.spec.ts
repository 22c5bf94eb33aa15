import { createTranslator } from 'next-intl'
import { describe, expect, it } from 'vitest'

import { RATE_FEED_STATES } from '@/data/views/rateFeeds'
import { SHOWN_STATUSES } from '@/lib/publicStatus'
import { RATE_FEED_ERRORS, RATE_ITEM_REFUSALS } from '@/lib/rates'

import en from '../../messages/en.json'
import ru from '../../messages/ru.json'

/**
 * The owner's feed health says everything the fetcher may record in plain words, in both
 * languages: every state and why, every reason a whole fetch failed (RATE_FEED_ERRORS) and every
 * reason an item was refused (RATE_ITEM_REFUSALS), and every status mark that stops the fetching.
 */

const CATALOGUES = { ru, en } as const

const keys = [
  ...RATE_FEED_STATES.flatMap((state) => [`state-${state}`, `why-${state}`]),
  ...RATE_FEED_ERRORS.map((error) => `error-${error}`),
  ...RATE_ITEM_REFUSALS.map((reason) => `refusal-${reason}`),
  ...SHOWN_STATUSES.map((status) => `status-${status}`),
]

describe("the feed health's words", () => {
  it.each(Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[])(
    'should say every state, error and refusal in %s',
    (locale) => {
      const words = CATALOGUES[locale]['rates-feed'] as Record<string, string>
      const t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: 'rates-feed' })
      const missing = keys.filter((key) => !words[key]?.trim())
      expect(missing).toEqual([])
      for (const key of keys) {
        const said = t(key as never, { status: 503, minutes: 5, reason: 'x' } as never)
        expect(said, key).not.toMatch(/[{}]|rates-feed\./)
      }
    },
  )

  it('should name the error of an HTTP failure with its status', () => {
    const t = createTranslator({ locale: 'en', messages: en, namespace: 'rates-feed' })
    expect(t('error-http', { status: 503 })).toContain('HTTP 503')
  })
})
