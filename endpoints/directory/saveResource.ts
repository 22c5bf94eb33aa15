import { z } from 'zod'

import { recordId } from '@/api/fields'
import { resourceSummary } from '@/data/views/resources'
import { isWebAddress } from '@/lib/externalUrl'
import { LIMITS, UPLOAD_RULES } from '@/lib/limits'
import { RESOURCE_TYPE_VALUES } from '@/lib/resourceTypes'
import { canAddResources } from '@/lib/roles'
import { inTransaction } from '@/server/db'
import { managesResource } from '@access/resources'
import type { Resource } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid, ok } from '../lib/http'
import { checkUpload, saveImage } from '../lib/upload'


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

const title = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .max(LIMITS.resourceTitleMax, 'too-long')

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

const saveResourceBody = z.object({
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
})

type Body = z.infer<typeof saveResourceBody>

const inLocale = (body: Body, locale: 'ru' | 'en') => ({
  title: body[`title_${locale}`],
  anons: body[`anons_${locale}`],
  ...(body[`description_${locale}`] !== undefined
    ? { description: body[`description_${locale}`] as Resource['description'] }
    : {}),
})

/**
 * POST /save-resource (form data, or JSON without the image) → {resource}: adds a resource (it
 * waits for moderation; the author becomes its owner) or, with `id`, edits one the caller may
 * edit. Both languages are saved together, in one transaction with the image.
 */
export const saveResource = defineEndpoint({
  path: '/save-resource',
  method: 'post',
  auth: 'signedIn',
  summary:
    'Add a resource (pending moderation) or, with id, edit one; both languages and the image at once',
  answer: '{resource}',
  body: saveResourceBody,
  form: true,
  handler: async ({ req, user, body, files }) => {
    const existing = body.id
      ? await req.payload.findByID({
          collection: 'resources',
          id: body.id,
          depth: 0,
          user,
          overrideAccess: false,
          req,
          disableErrors: true,
        })
      : null
    if (body.id && !existing) return fail({ req, status: 404, code: 'resource-not-found' })
    const mayWrite = existing
      ? await managesResource({ payload: req.payload, req, user, resourceId: existing.id })
      : canAddResources(user)
    if (!mayWrite) return fail({ req, status: 403, code: 'forbidden' })
    const image = files[0] ? await checkUpload({ file: files[0], rule: UPLOAD_RULES.image }) : null
    if (image?.errors) return invalid({ req, errors: { image: image.errors } })
    const common = {
      type: body.type,
      links: body.links.map((url) => ({ url })),
      country: body.country || null,
    }
    const options = { user, overrideAccess: false, req, depth: 0 } as const
    const resource = await inTransaction(req, async () => {
      const imageId = image
        ? await saveImage({ req, upload: image.upload, alt: body.title_ru })
        : undefined
      const saved = existing
        ? await req.payload.update({
            collection: 'resources',
            id: existing.id,
            locale: 'ru',
            data: { ...common, ...inLocale(body, 'ru'), ...(imageId ? { image: imageId } : {}) },
            ...options,
          })
        : await req.payload.create({
            collection: 'resources',
            locale: 'ru',
            data: { ...common, ...inLocale(body, 'ru'), image: imageId, status: 'pending' },
            ...options,
          })
      return req.payload.update({
        collection: 'resources',
        id: saved.id,
        locale: 'en',
        data: inLocale(body, 'en'),
        ...options,
        depth: 1,
      })
    })
    return ok({ resource: resourceSummary(resource) })
  },
})
