import { fileTypeFromBuffer } from 'file-type'
import {
  type Endpoint,
  type PayloadRequest,
  ValidationError,
  commitTransaction,
  initTransaction,
  killTransaction,
} from 'payload'
import { z } from 'zod'

import { canCreateResource, managesResource } from '../../access/resources'
import { IMAGE_MIME_TYPES, MAX_UPLOAD_BYTES } from '../../collections/constants'
import { isWebAddress } from '../../collections/Resources'
import type { Resource, User } from '../../payload-types'
import { RESOURCE_TYPE_VALUES } from '../../src/lib/resourceTypes'
import { parseBody } from '../lib/body'
import { requireUser } from '../lib/currentUser'
import { fail, invalid, ok, validationFailure } from '../lib/http'
import { expireDirectoryCache } from '../../src/lib/publicCache'
import { resourceSummary } from './views'

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

const text = (max: number) => z.string().trim().max(max, 'too-long').optional().default('')

export const saveResourceBody = z.object({
  id: z.coerce.number().int().positive().optional(),
  type: z.enum(RESOURCE_TYPE_VALUES as [string, ...string[]], { message: 'required' }),
  title_ru: z.string({ message: 'required' }).trim().min(1, 'required').max(120, 'too-long'),
  title_en: z.string({ message: 'required' }).trim().min(1, 'required').max(120, 'too-long'),
  anons_ru: text(300),
  anons_en: text(300),
  description_ru: richText,
  description_en: richText,
  links: z
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
        .max(10, 'too-many-links'),
    ),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'country-invalid')
    .optional()
    .default(''),
})

const imageErrors = async (file: File) => {
  if (file.size > MAX_UPLOAD_BYTES) return ['file-too-large']
  const type = await fileTypeFromBuffer(new Uint8Array(await file.arrayBuffer()))
  return type && IMAGE_MIME_TYPES.includes(type.mime) ? [] : ['file-type-not-allowed']
}

const saveImage = async ({ req, file, alt }: { req: PayloadRequest; file: File; alt: string }) => {
  const data = Buffer.from(await file.arrayBuffer())
  const media = await req.payload.create({
    collection: 'media',
    data: { alt },
    file: {
      data,
      mimetype: file.type || 'image/png',
      name: file.name || 'image',
      size: data.length,
    },
    req,
  })
  return media.id
}

/**
 * POST /save-resource (form data, or JSON without the image) → {resource}: adds a resource (it
 * waits for moderation; the author becomes its owner) or, with `id`, edits one the caller may
 * edit. Both languages are saved together, in one transaction with the image.
 */
export const saveResource: Endpoint = {
  path: '/save-resource',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const parsed = await parseBody(req, saveResourceBody)
    if (parsed.failure) return parsed.failure
    const { data: body, files } = parsed
    const existing = body.id
      ? await req.payload
          .findByID({
            collection: 'resources',
            id: body.id,
            depth: 0,
            user,
            overrideAccess: false,
            req,
            disableErrors: true,
          })
          .catch(() => null)
      : null
    if (body.id && !existing) return fail({ req, status: 404, code: 'resource-not-found' })
    if (
      existing &&
      !(await managesResource({ payload: req.payload, req, user, resourceId: existing.id }))
    ) {
      return fail({ req, status: 403, code: 'forbidden' })
    }
    if (!body.id && !canCreateResource({ req })) {
      return fail({ req, status: 403, code: 'forbidden' })
    }
    const image = files[0]
    if (image) {
      const errors = await imageErrors(image)
      if (errors.length) return invalid({ req, errors: { image: errors } })
    }
    const common = {
      type: body.type as Resource['type'],
      links: body.links.map((url) => ({ url })),
      country: body.country || null,
    }
    const inLocale = (locale: 'ru' | 'en') => ({
      title: locale === 'ru' ? body.title_ru : body.title_en,
      anons: locale === 'ru' ? body.anons_ru : body.anons_en,
      ...(body[`description_${locale}`] !== undefined
        ? { description: body[`description_${locale}`] as Resource['description'] }
        : {}),
    })
    const shouldCommit = await initTransaction(req)
    try {
      const imageId = image ? await saveImage({ req, file: image, alt: body.title_ru }) : undefined
      const options = { user: user as User, overrideAccess: false, req, depth: 0 } as const
      const saved = existing
        ? await req.payload.update({
            collection: 'resources',
            id: existing.id,
            locale: 'ru',
            data: { ...common, ...inLocale('ru'), ...(imageId ? { image: imageId } : {}) },
            ...options,
          })
        : await req.payload.create({
            collection: 'resources',
            locale: 'ru',
            data: { ...common, ...inLocale('ru'), image: imageId, status: 'pending' },
            ...options,
          })
      const resource = await req.payload.update({
        collection: 'resources',
        id: saved.id,
        locale: 'en',
        data: inLocale('en'),
        ...options,
        depth: 1,
      })
      if (shouldCommit) await commitTransaction(req)
      // Expired again now that the change is committed (see the review calls).
      expireDirectoryCache()
      return ok({ resource: resourceSummary(resource) })
    } catch (error) {
      if (shouldCommit) await killTransaction(req)
      if (error instanceof ValidationError) return validationFailure(error)
      throw error
    }
  },
}
