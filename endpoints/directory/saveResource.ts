import type { ParsedBodyOf } from '@/api/call'
import * as calls from '@/api/resources'
import { resourceSummary } from '@/data/views/resources'
import { UPLOAD_RULES } from '@/lib/limits'
import { canAddResources } from '@/lib/roles'
import { inTransaction } from '@/server/db'
import { managesResource } from '@access/resources'
import type { Resource } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'
import { checkUpload, saveImage } from '../lib/upload'

type Body = ParsedBodyOf<typeof calls.saveResource>

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
export const saveResource = defineEndpoint(calls.saveResource, {
  handler: async ({ req, user, body, files, reply }) => {
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
    return reply({ resource: resourceSummary(resource) })
  },
})
