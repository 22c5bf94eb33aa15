import type { PayloadRequest } from 'payload'

import type { ParsedBodyOf } from '@/api/call'
import * as calls from '@/api/resources'
import { resourceSummary } from '@/data/views/resources'
import { LOCALES, type Locale } from '@/i18n/routing'
import { UPLOAD_RULES } from '@/lib/limits'
import { canAddResources } from '@/lib/roles'
import { inTransaction } from '@/server/db'
import { richTextToPlain } from '@/server/richText'
import { messageLocale } from '@/server/serverMessages'
import { managesResource } from '@access/resources'
import type { Resource } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'
import { checkUpload, saveImage } from '../lib/upload'

type Body = ParsedBodyOf<typeof calls.saveResource>

const inLocale = (body: Body, locale: Locale) => ({
  title: body[`title_${locale}`],
  anons: body[`anons_${locale}`],
  ...(body[`description_${locale}`] !== undefined
    ? { description: body[`description_${locale}`] as Resource['description'] }
    : {}),
})

/** Whether the form's tab of `locale` holds anything besides an empty editor. */
const hasText = (body: Body, locale: Locale) =>
  Boolean(
    body[`title_${locale}`] ||
    body[`anons_${locale}`] ||
    richTextToPlain(body[`description_${locale}`]).trim(),
  )

/**
 * What is wrong with the languages sent: one is enough, but a language with any text needs its
 * title, and a title the resource has cannot be emptied (its page in that language would have
 * no name). Null when they may be saved.
 */
const languageErrors = ({
  body,
  req,
  titled,
}: {
  body: Body
  req: PayloadRequest
  titled: Set<Locale>
}): Record<string, string[]> | null => {
  const errors: Record<string, string[]> = {}
  for (const locale of LOCALES) {
    const needsTitle = hasText(body, locale) || titled.has(locale)
    if (needsTitle && !body[`title_${locale}`]) errors[`title_${locale}`] = ['required']
  }
  if (!LOCALES.some((locale) => body[`title_${locale}`]) && !Object.keys(errors).length) {
    errors[`title_${messageLocale(req)}`] = ['title-one-language']
  }
  return Object.keys(errors).length ? errors : null
}

/**
 * POST /save-resource (form data, or JSON without the image) → {resource}: adds a resource (it
 * waits for moderation; the author becomes its owner) or, with `id`, edits one the caller may
 * edit. One language is enough: the languages that have a title are saved, in one transaction
 * with the image; the other is read in the first (`fallbackLocale`), and its page says so.
 */
export const saveResource = defineEndpoint(calls.saveResource, {
  fieldNames: { ratesFeed: 'rates_feed' },
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
    const titled = existing ? await titledLocales({ req, id: existing.id }) : new Set<Locale>()
    // Russian first when it is written: the slug is made from the first title saved.
    const [first, ...others] = LOCALES.filter((locale) => body[`title_${locale}`])
    const wrongLanguages = languageErrors({ body, req, titled })
    if (wrongLanguages || !first) return invalid({ req, errors: wrongLanguages ?? {} })
    const image = files[0] ? await checkUpload({ file: files[0], rule: UPLOAD_RULES.image }) : null
    if (image?.errors) return invalid({ req, errors: { image: image.errors } })
    const common = {
      type: body.type,
      links: body.links.map((url) => ({ url })),
      country: body.country || null,
      ...ratesFeedData(body),
    }
    const options = { user, overrideAccess: false, req, depth: 0 } as const
    const resource = await inTransaction(req, async () => {
      const imageId = image
        ? await saveImage({ req, upload: image.upload, alt: body[`title_${first}`] })
        : undefined
      let saved = existing
        ? await req.payload.update({
            collection: 'resources',
            id: existing.id,
            locale: first,
            data: { ...common, ...inLocale(body, first), ...(imageId ? { image: imageId } : {}) },
            ...options,
          })
        : await req.payload.create({
            collection: 'resources',
            locale: first,
            data: { ...common, ...inLocale(body, first), image: imageId, status: 'pending' },
            ...options,
          })
      for (const locale of others) {
        saved = await req.payload.update({
          collection: 'resources',
          id: saved.id,
          locale,
          data: inLocale(body, locale),
          ...options,
        })
      }
      return req.payload.findByID({
        collection: 'resources',
        id: saved.id,
        locale: messageLocale(req),
        ...options,
        depth: 1,
      })
    })
    return reply({ resource: resourceSummary(resource) })
  },
})

/**
 * The feed as the collection stores it: an address sent is saved (the collection refuses it on
 * anything but an exchanger), an empty one removes it, and a resource that stops being an
 * exchanger loses it; not sent, an exchanger's stays.
 */
const ratesFeedData = ({ type, rates_feed: feed }: Body): { ratesFeed?: string | null } =>
  feed ? { ratesFeed: feed } : feed === '' || type !== 'exchanger' ? { ratesFeed: null } : {}

/** The languages the resource has a title in (its own, not read in the other language). */
const titledLocales = async ({ req, id }: { req: PayloadRequest; id: number }) => {
  const doc = await req.payload.findByID({
    collection: 'resources',
    id,
    locale: 'all',
    select: { title: true },
    depth: 0,
    overrideAccess: true,
    req,
  })
  const titles = doc.title as unknown as Partial<Record<Locale, string | null>> | null
  return new Set(LOCALES.filter((locale) => titles?.[locale]))
}
