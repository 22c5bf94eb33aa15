import { z } from 'zod'

import type { ResourceSummary } from '@/data/views/resources'
import { isWebAddress } from '@/lib/externalUrl'
import { LIMITS, UPLOAD_RULES, bodyBytesWithFiles } from '@/lib/limits'
import { isRatesFeedAddress } from '@/lib/rates'
import { RESOURCE_TYPE_VALUES } from '@/lib/resourceTypes'

import { answer, declareCall } from './call'
import { recordId, recordIdList } from './fields'

/** A Lexical document sent as JSON text (form data) or as an object (JSON body). */
const richText = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return undefined
    try {
      const parsed = typeof value === 'string' ? JSON.parse(value) : value
      if (parsed && typeof parsed === 'object' && 'root' in parsed) return parsed as object
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'rich-text-invalid' })
    return z.NEVER
  })

/** A title in one language; one language is enough, so either may be empty (not both). */
const title = z.string().trim().max(LIMITS.resourceTitleMax, 'too-long').optional().default('')

const anons = z.string().trim().max(LIMITS.resourceAnonsMax, 'too-long').optional().default('')

/** One address per line, a JSON array as text (form data), or an array (JSON body). */
const links = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => {
    const list = Array.isArray(value)
      ? value
      : (() => {
          try {
            const parsed = JSON.parse(value)
            return Array.isArray(parsed) ? parsed.map(String) : [value]
          } catch {
            return value.split('\n')
          }
        })()
    return list.map((url) => url.trim()).filter(Boolean)
  })
  .pipe(
    z
      .array(z.string().refine(isWebAddress, 'link-invalid'))
      .min(1, 'required')
      .max(LIMITS.resourceLinksMax, 'too-many-links'),
  )

/**
 * An exchanger's rates feed: an address, or empty to remove it; not sent, the stored one stays.
 * The collection refuses it on anything but an exchanger, on every door.
 */
const ratesFeed = z
  .string('rates-feed-invalid')
  .trim()
  .refine((value) => value === '' || isRatesFeedAddress(value), 'rates-feed-invalid')
  .optional()

const LANGUAGES = ['ru', 'en'] as const

export const saveResource = declareCall({
  path: '/save-resource',
  method: 'post',
  auth: 'signedIn',
  summary:
    "Add a resource (pending moderation) or, with id, edit one: its texts in one language or both (a title in at least one), the image and an exchanger's rates feed, at once",
  answer: answer<{ resource: ResourceSummary }>('{resource}'),
  body: z
    .object({
      id: recordId.optional(),
      type: z.enum(RESOURCE_TYPE_VALUES, { message: 'required' }),
      title_ru: title,
      title_en: title,
      anons_ru: anons,
      anons_en: anons,
      description_ru: richText,
      description_en: richText,
      links,
      country: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^([A-Z]{2})?$/, 'country-invalid')
        .optional()
        .default(''),
      rates_feed: ratesFeed,
    })
    .superRefine((body, ctx) => {
      // One language is enough, but the one written in needs its title.
      const hasTitle = LANGUAGES.some((language) => body[`title_${language}`])
      for (const language of LANGUAGES) {
        if (body[`title_${language}`]) continue
        const message = body[`anons_${language}`]
          ? 'required'
          : hasTitle
            ? null
            : 'title-one-language'
        if (message) ctx.addIssue({ code: 'custom', path: [`title_${language}`], message })
      }
    }),
  form: true,
  bodyBytesMax: bodyBytesWithFiles({ rule: UPLOAD_RULES.image, count: 1 }),
})

/**
 * Where the caller stands towards a resource: favorite, reviewed, managed, and `staff` when its
 * owner employs the caller (who may then not review it, whatever its type).
 */
export type ResourceRelation = {
  resource_id: number
  favorite: boolean
  has_review: boolean
  manages: boolean
  staff: boolean
}

export const resourceRelations = declareCall({
  path: '/resource-relations',
  method: 'get',
  auth: 'signedIn',
  summary: 'Where the caller stands towards resources (ids=1,2,… up to 50)',
  answer: answer<{ relations: ResourceRelation[] }>(
    '{relations: [{resource_id, favorite, has_review, manages, staff}]}',
  ),
  query: z.object({ ids: recordIdList }),
})
