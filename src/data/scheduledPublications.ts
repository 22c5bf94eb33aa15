import 'server-only'

import type { Payload } from 'payload'

import { DEFAULT_LOCALE, type Locale, isLocale } from '@/i18n/routing'
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

/** A publication or unpublication waiting for its time, as the editors are shown it. */
export type ScheduledPublication = {
  jobId: number | string
  collection: ContentCollection
  docId: number
  /** The document's title in the reader's language (its latest draft); '' when it has none. */
  title: string
  type: 'publish' | 'unpublish'
  /** When it is due (ISO). */
  at: string
  /** The one language it publishes, or null for all of them. */
  locale: Locale | null
  /** The name of who scheduled it; null for the server's own jobs or a deleted account. */
  scheduledBy: string | null
}

const TITLE_FIELDS: Record<ContentCollection, string> = {
  news: 'title',
  posts: 'title',
  pages: 'title',
  faqs: 'question',
}

/** How far back the dashboard looks. */
const RECENT_DAYS = 60

/** How many waiting publications a reader lists at most (the soonest). */
const SCHEDULED_MAX = 200

type Job = {
  id: number | string
  updatedAt: string
  waitUntil?: string | null
  error?: { message?: string } | null
  input?: {
    type?: string | null
    locale?: string | null
    doc?: { relationTo?: string; value?: string | number } | null
    user?: { relationTo?: string; value?: string | number } | null
  } | null
}

/** The content document a job publishes, if it is one. */
const targetOf = (job: Job) => {
  const target = job.input?.doc
  const docId = Number(target?.value)
  if (!isContentCollection(target?.relationTo) || !Number.isInteger(docId)) return null
  return { collection: target.relationTo, docId }
}

/** The titles of the documents `ids` of `slug` in `locale`, as their latest drafts have them. */
const latestTitles = async ({
  payload,
  slug,
  ids,
  locale,
}: {
  payload: Payload
  slug: ContentCollection
  ids: number[]
  locale: Locale
}) => {
  const field = TITLE_FIELDS[slug]
  const { docs } = await payload.find({
    collection: slug,
    where: { id: { in: ids } },
    draft: true,
    locale,
    depth: 0,
    limit: ids.length,
    overrideAccess: true,
    select: { [field]: true },
  })
  return new Map(
    docs.map((doc) => [
      doc.id,
      ((doc as unknown as Record<string, unknown>)[field] as string | null) ?? '',
    ]),
  )
}

const isContentCollection = (slug: unknown): slug is ContentCollection =>
  (CONTENT_COLLECTIONS as readonly unknown[]).includes(slug)

/** What the schedule's readers are asked: by whom, in which language, optionally of one document. */
type ScheduleQuery = {
  payload: Payload
  user: Someone
  locale?: Locale
  collection?: ContentCollection
  id?: number
}

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
}: ScheduleQuery): Promise<FailedPublication[]> => {
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
    const target = targetOf(job)
    if (!target) return []
    if (collection && (target.collection !== collection || target.docId !== id)) return []
    return [
      {
        jobId: job.id,
        ...target,
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
    const [titles, live] = await Promise.all([
      latestTitles({ payload, slug, ids, locale }),
      payload.find({
        collection: slug,
        where: { id: { in: ids } },
        locale,
        depth: 0,
        limit: ids.length,
        overrideAccess: true,
        select: { _status: true, updatedAt: true },
      }),
    ])
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

/**
 * The publications and unpublications waiting for their time, soonest first: every one for the
 * admin's list of them and the collections' lists (`collection` narrows to one collection), or one
 * document's (`collection` and `id`). Only editors and admins are shown any, as only they read
 * `payload-jobs`; a job of a document deleted since is left out (Payload removes those jobs).
 */
export const scheduledPublications = async ({
  payload,
  user,
  locale = DEFAULT_LOCALE,
  collection,
  id,
}: ScheduleQuery): Promise<ScheduledPublication[]> => {
  if (!canEditContent(user)) return []
  const { docs } = await payload.find({
    collection: 'payload-jobs',
    where: {
      and: [
        { taskSlug: { equals: 'schedulePublish' } },
        { completedAt: { exists: false } },
        { or: [{ hasError: { equals: false } }, { hasError: { exists: false } }] },
        { waitUntil: { exists: true } },
        ...(collection ? [{ 'input.doc.relationTo': { equals: collection } }] : []),
      ],
    },
    sort: 'waitUntil',
    limit: SCHEDULED_MAX,
    depth: 0,
    overrideAccess: true,
    select: { input: true, waitUntil: true, updatedAt: true },
  })
  const jobs = (docs as unknown as Job[]).flatMap((job) => {
    const target = targetOf(job)
    // The document's id is a string or a number in the job, as whoever queued it wrote it.
    if (!target || !job.waitUntil || (id !== undefined && target.docId !== id)) return []
    return [{ job, ...target, at: job.waitUntil }]
  })
  const schedulers = await schedulerNames({ payload, jobs: jobs.map(({ job }) => job) })
  const titles = new Map<ContentCollection, Map<number, string>>()
  for (const slug of CONTENT_COLLECTIONS) {
    const ids = [...new Set(jobs.filter((j) => j.collection === slug).map((j) => j.docId))]
    if (ids.length) titles.set(slug, await latestTitles({ payload, slug, ids, locale }))
  }
  return jobs.flatMap(({ job, collection: slug, docId, at }): ScheduledPublication[] => {
    const title = titles.get(slug)?.get(docId)
    if (title === undefined) return []
    const schedulerId = Number(job.input?.user?.value)
    return [
      {
        jobId: job.id,
        collection: slug,
        docId,
        title,
        type: job.input?.type === 'unpublish' ? 'unpublish' : 'publish',
        at,
        locale: isLocale(job.input?.locale) ? job.input.locale : null,
        scheduledBy: schedulers.get(schedulerId) ?? null,
      },
    ]
  })
}

/** The names of the accounts that scheduled `jobs`, by id: the person's name, else the shown one. */
const schedulerNames = async ({ payload, jobs }: { payload: Payload; jobs: Job[] }) => {
  const ids = [
    ...new Set(
      jobs
        .filter((job) => job.input?.user?.relationTo === 'users')
        .map((job) => Number(job.input?.user?.value))
        .filter((id) => Number.isInteger(id) && id > 0),
    ),
  ]
  if (!ids.length) return new Map<number, string>()
  const { docs } = await payload.find({
    collection: 'users',
    where: { id: { in: ids } },
    depth: 0,
    limit: ids.length,
    overrideAccess: true,
    select: { name: true, displayName: true },
  })
  return new Map(docs.map((user) => [user.id, user.name || user.displayName]))
}
