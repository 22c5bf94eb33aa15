import 'server-only'

import type { Payload } from 'payload'

import { DEFAULT_LOCALE, type Locale } from '@/i18n/routing'
import { CONTENT_COLLECTIONS, type ContentCollection } from '@/lib/content'
import { type Someone, canEditContent } from '@/lib/roles'

/** A scheduled publication that failed at its time, as the editors are shown it. */
export type FailedPublication = {
  jobId: number | string
  collection: ContentCollection
  docId: number
  /** The document's title in the reader's language (its latest draft); null once deleted. */
  title: string | null
  type: 'publish' | 'unpublish'
  /** When it failed (ISO). */
  failedAt: string
  /** What publishing met, as the job recorded it. */
  reason: string
}

const TITLE_FIELDS: Record<ContentCollection, string> = {
  news: 'title',
  posts: 'title',
  pages: 'title',
  faqs: 'question',
}

/** How far back the dashboard looks. */
const RECENT_DAYS = 60

type Job = {
  id: number | string
  updatedAt: string
  error?: { message?: string } | null
  input?: {
    type?: string | null
    doc?: { relationTo?: string; value?: string | number } | null
  } | null
}

const isContentCollection = (slug: unknown): slug is ContentCollection =>
  (CONTENT_COLLECTIONS as readonly unknown[]).includes(slug)

/**
 * The scheduled publications that failed at their time and still stand, newest first: for the
 * admin's dashboard (all of them), or for one document's edit view (`collection` and `id`). A
 * failure stands until the document is published (or, for an unpublication, unpublished) after
 * it. Only editors and admins are shown any; the rows are Payload's `payload-jobs`, which keep the
 * error the job met.
 */
export const failedScheduledPublications = async ({
  payload,
  user,
  locale = DEFAULT_LOCALE,
  collection,
  id,
}: {
  payload: Payload
  user: Someone
  locale?: Locale
  collection?: ContentCollection
  id?: number
}): Promise<FailedPublication[]> => {
  if (!canEditContent(user)) return []
  const since = new Date(Date.now() - RECENT_DAYS * 24 * 60 * 60 * 1000).toISOString()
  const { docs } = await payload.find({
    collection: 'payload-jobs',
    where: {
      and: [
        { taskSlug: { equals: 'schedulePublish' } },
        { hasError: { equals: true } },
        { updatedAt: { greater_than: since } },
      ],
    },
    sort: '-updatedAt',
    limit: 100,
    depth: 0,
    overrideAccess: true,
    select: { input: true, error: true, updatedAt: true },
  })
  const failures = (docs as unknown as Job[]).flatMap((job): FailedPublication[] => {
    const target = job.input?.doc
    const docId = Number(target?.value)
    if (!isContentCollection(target?.relationTo) || !Number.isInteger(docId)) return []
    if (collection && (target.relationTo !== collection || docId !== id)) return []
    return [
      {
        jobId: job.id,
        collection: target.relationTo,
        docId,
        title: null,
        type: job.input?.type === 'unpublish' ? 'unpublish' : 'publish',
        failedAt: job.updatedAt,
        reason: job.error?.message ?? '',
      },
    ]
  })
  const standing: FailedPublication[] = []
  for (const slug of CONTENT_COLLECTIONS) {
    const ids = [...new Set(failures.filter((f) => f.collection === slug).map((f) => f.docId))]
    if (!ids.length) continue
    const field = TITLE_FIELDS[slug]
    const where = { id: { in: ids } }
    const [latest, live] = await Promise.all([
      payload.find({
        collection: slug,
        where,
        draft: true,
        locale,
        depth: 0,
        limit: ids.length,
        overrideAccess: true,
        select: { [field]: true },
      }),
      payload.find({
        collection: slug,
        where,
        locale,
        depth: 0,
        limit: ids.length,
        overrideAccess: true,
        select: { _status: true, updatedAt: true },
      }),
    ])
    const titles = new Map(
      latest.docs.map((doc) => [
        doc.id,
        (doc as unknown as Record<string, unknown>)[field] as string | null,
      ]),
    )
    const states = new Map(live.docs.map((doc) => [doc.id, doc]))
    for (const failure of failures.filter((f) => f.collection === slug)) {
      const state = states.get(failure.docId)
      const settled =
        state &&
        state.updatedAt > failure.failedAt &&
        state._status === (failure.type === 'publish' ? 'published' : 'draft')
      if (settled) continue
      standing.push({ ...failure, title: titles.get(failure.docId) ?? (state ? '' : null) })
    }
  }
  return standing.sort((a, b) => b.failedAt.localeCompare(a.failedAt))
}
