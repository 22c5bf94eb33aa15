import { z } from 'zod'

import { LOCALES } from '@/i18n/routing'
import type { DirectionOffers } from '@/lib/rateOffers'
import { CURRENCY_CODE_PATTERN } from '@/lib/rates'

import { answer, declareCall } from './call'

/** How long browsers and shared caches may keep a direction's offers, in seconds. */
export const RATE_OFFERS_MAX_AGE = 15

const code = z
  .string({ message: 'required' })
  .max(16, 'too-long')
  .regex(CURRENCY_CODE_PATTERN, 'value-invalid')

export const rateOffers = declareCall({
  path: '/rate-offers',
  method: 'get',
  auth: 'anyone',
  summary: `A direction's offers, as its rates page shows them (public, cached ${RATE_OFFERS_MAX_AGE} s); direction null when a code is not a listed currency`,
  answer: answer<{ direction: DirectionOffers | null }>(
    '{direction: {from, to, offers: [{resource, rate_in, rate_out, reserve, min_amount, max_amount, fresh_at}], read_at} | null}',
  ),
  query: z.object({
    from: code.describe('The code given: BTC'),
    to: code.describe('The code got: SBERRUB'),
    locale: z
      .enum(LOCALES, { message: 'value-invalid' })
      .optional()
      .describe('The language of the names (ru without it)'),
  }),
})
