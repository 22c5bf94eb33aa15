import {
  APIError,
  type CollectionAfterReadHook,
  type CollectionBeforeChangeHook,
  type CollectionSlug,
  type Payload,
  type PayloadRequest,
  type SanitizedConfig,
  ValidationError,
  createLocalReq,
} from 'payload'

import { DEFAULT_LOCALE, type Locale, isLocale } from '@/i18n/routing'
import { CONTENT_COLLECTIONS, type ContentCollection } from '@/lib/content'
import { isAdmin } from '@/lib/roles'
import { inTransaction } from '@/server/db'
import { serverUrl, siteName } from '@/server/env'
import { mailRecipient, queueEmail } from '@/server/mailQueue'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { isModerator } from '@access/content'

/** Payload's task that publishes (or unpublishes) a document at its time. */
export const SCHEDULE_PUBLISH_TASK = 'schedulePublish'

/** A trial publication runs the collection's hooks with this flag: they change nothing outside. */
export const DRY_RUN_CONTEXT = 'schedulePublishDryRun'

type JobInput = {
  type?: 'publish' | 'unpublish' | null
  locale?: string | null
  doc?: { relationTo?: string; value?: string | number } | null
  global?: string | null
  user?: { relationTo?: string; value?: string | number } | number | string | null
  timezone?: string | null
}

type JobData = {
  processing?: boolean | null
  totalTried?: number | null
  taskSlug?: string | null
  workflowSlug?: string | null
  input?: JobInput | null
  waitUntil?: string | null
  queue?: string | null
  hasError?: boolean | null
  error?: { message?: string } | null
}

const isContentCollection = (slug: unknown): slug is ContentCollection =>
  (CONTENT_COLLECTIONS as readonly unknown[]).includes(slug)

const refusal = (req: PayloadRequest, key: string, values: Record<string, string> = {}) =>
  new ValidationError({
    collection: 'payload-jobs',
    errors: [
      {
        path: 'input',
        message: serverMessage({ locale: messageLocale(req), key: `scheduling.${key}`, values }),
      },
    ],
  })

/**
 * The fields a failed publication names, by their labels in `locale` (the collection's own
 * `{ ru, en }` labels, whatever language the error was made in).
 */
const invalidFields = ({
  payload,
  collection,
  error,
  locale,
}: {
  payload: Payload
  collection: ContentCollection
  error: ValidationError
  locale: Locale
}): string => {
  const fields = payload.collections[collection]?.config.flattenedFields ?? []
  const errors = (error.data?.errors ?? []) as { path?: string }[]
  const names = errors.map(({ path = '' }) => {
    const top = path.split('.')[0]
    const label = fields.find((field) => field.name === top && 'label' in field)
    const text = label && 'label' in label ? label.label : null
    if (typeof text === 'string') return text
    if (text && typeof text === 'object') {
      const byLocale = text as Record<string, string>
      return byLocale[locale] ?? byLocale[DEFAULT_LOCALE] ?? top
    }
    return top
  })
  return [...new Set(names.filter(Boolean))].join(', ')
}

/** Why a publication failed, in words for `locale`: the fields to fill, or the error's own. */
export const publicationFailure = ({
  payload,
  collection,
  error,
  locale,
}: {
  payload: Payload
  collection: ContentCollection
  error: unknown
  locale: Locale
}): string => {
  if (error instanceof ValidationError) {
    return serverMessage({
      locale,
      key: 'scheduling.draft-failed',
      values: { fields: invalidFields({ payload, collection, error, locale }) },
    })
  }
  return error instanceof Error ? error.message : String(error)
}

/**
 * Publishes the document as the job would at its time — the same operation, user and locale — in
 * a transaction that is rolled back whatever happens: the answer is the error publishing would
 * meet (a required field missing, a malformed or taken slug, a refused access), or null.
 */
export const tryPublication = async ({
  payload,
  collection,
  id,
  user,
  locale,
}: {
  payload: Payload
  collection: ContentCollection
  id: number
  user: PayloadRequest['user'] | null
  locale?: string
}): Promise<unknown> => {
  const trial = await createLocalReq(
    { user: user ?? undefined, context: { [DRY_RUN_CONTEXT]: true } },
    payload,
  )
  return inTransaction(
    trial,
    async () => {
      try {
        await payload.update({
          collection,
          id,
          data: { _status: 'published' },
          depth: 0,
          overrideAccess: !user,
          user: user ?? undefined,
          publishSpecificLocale: locale,
          req: trial,
        })
        return null
      } catch (error) {
        return error
      }
    },
    { rollBack: true },
  )
}

const userIdOf = (ref: JobInput['user']): number | null => {
  const value = ref && typeof ref === 'object' ? ref.value : ref
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * Every way a scheduled publication is made (the admin's schedule drawer, which Payload's server
 * function queues; REST and GraphQL `payload-jobs`; the Local API) creates a `payload-jobs` row,
 * and this hook refuses it there when it cannot succeed: a person may schedule only Payload's
 * publish task, for a document of the editors' collections they may publish, in the future; a
 * publication of a draft that would fail validation is refused with what is missing, in the
 * person's language. A person's job runs as them (their id is the job's `user`, whatever the
 * body said), so the job cannot do what they could not. Jobs the server queues for itself
 * (no person) are checked the same way, without the person's rights.
 */
export const refuseUnpublishableSchedule: CollectionBeforeChangeHook = async ({
  data,
  operation,
  req,
}) => {
  if (operation === 'create') await checkSchedule({ job: data as JobData, req })
  return data
}

/** The rule of `refuseUnpublishableSchedule`, on the row about to be made (set in place). */
const checkSchedule = async ({ job, req }: { job: JobData; req: PayloadRequest }) => {
  const person = req.user
  if (person) {
    if (!isModerator(person)) throw refusal(req, 'not-allowed')
    if (job.taskSlug !== SCHEDULE_PUBLISH_TASK || job.workflowSlug) {
      throw refusal(req, 'only-publication')
    }
    // Only what a scheduled publication is: the rest of the row is the runner's, as new.
    for (const key of Object.keys(job)) {
      if (!['taskSlug', 'input', 'waitUntil'].includes(key)) {
        delete (job as Record<string, unknown>)[key]
      }
    }
    Object.assign(job, { queue: 'default', processing: false, hasError: false, totalTried: 0 })
  }
  if (job.taskSlug !== SCHEDULE_PUBLISH_TASK) return

  const given: JobInput = job.input ?? {}
  const input: JobInput = person
    ? {
        type: given.type,
        doc: given.doc,
        locale: given.locale,
        timezone: given.timezone,
        user: { relationTo: person.collection ?? 'users', value: person.id },
      }
    : { ...given }
  job.input = input
  const type = input.type ?? 'publish'
  if (type !== 'publish' && type !== 'unpublish') throw refusal(req, 'invalid')
  const collection = input.doc?.relationTo
  const id = Number(input.doc?.value)
  if (input.global || !isContentCollection(collection) || !Number.isInteger(id) || id <= 0) {
    throw refusal(req, 'invalid')
  }
  const when = job.waitUntil ? new Date(job.waitUntil) : null
  if (!when || Number.isNaN(when.getTime())) throw refusal(req, 'no-date')
  if (person && when.getTime() < Date.now() - 60_000) throw refusal(req, 'in-the-past')
  if (input.locale != null && !isLocale(input.locale)) throw refusal(req, 'invalid')

  const found = await req.payload.count({
    collection,
    where: { id: { equals: id } },
    overrideAccess: true,
    req,
  })
  if (!found.totalDocs) throw refusal(req, 'invalid')
  if (type === 'unpublish') return

  // The job publishes as the person who scheduled it (Payload's task looks them up again).
  const publisher = person
    ? { ...(await req.payload.findByID({ collection: 'users', id: person.id, depth: 0, req })) }
    : null
  if (publisher) (publisher as { collection?: string }).collection = 'users'
  const failure = await tryPublication({
    payload: req.payload,
    collection,
    id,
    user: publisher as PayloadRequest['user'] | null,
    locale: input.locale ?? undefined,
  })
  if (failure) {
    const locale = messageLocale(req)
    if (failure instanceof ValidationError) {
      const fields = invalidFields({ payload: req.payload, collection, error: failure, locale })
      throw refusal(req, 'draft-invalid', { fields })
    }
    if (failure instanceof APIError && failure.status < 500) {
      throw refusal(req, 'not-allowed')
    }
    throw failure
  }
}

/** A job's error as the editors see it: what failed, not the server's stack. */
export const hideJobStacks: CollectionAfterReadHook = ({ doc, req }) => {
  if (isAdmin(req.user)) return doc
  const strip = (error: unknown) => {
    if (error && typeof error === 'object' && 'stack' in error) {
      delete (error as { stack?: unknown }).stack
    }
  }
  strip(doc.error)
  for (const entry of (doc.log as { error?: unknown }[] | undefined) ?? []) strip(entry.error)
  return doc
}

/**
 * A scheduled publication that fails at its time (the document changed and no longer passes, the
 * person lost their rights) stays in `payload-jobs` with its error, which the document's edit view
 * and the admin's dashboard show (src/data/scheduledPublications.ts): the error says what failed
 * in the scheduler's language, and the person who scheduled it is told by mail, with a link to
 * the document. Payload's task keeps doing the publishing; this wraps its handler.
 */
const reportingFailure =
  (handler: TaskHandler): TaskHandler =>
  async (args) => {
    try {
      return await handler(args)
    } catch (error) {
      const input = args.input as JobInput
      const collection = input?.doc?.relationTo
      if (!isContentCollection(collection)) throw error
      const { req } = args
      const userId = userIdOf(input.user)
      const recipient = userId ? await mailRecipient({ req, userId }) : null
      const locale = recipient?.locale ?? DEFAULT_LOCALE
      const reason = publicationFailure({ payload: req.payload, collection, error, locale })
      if (recipient) {
        await tellScheduler({
          req,
          to: recipient.email,
          locale,
          collection,
          id: Number(input.doc?.value),
          reason,
        })
      }
      throw new Error(reason, { cause: error })
    }
  }

type TaskHandler = (args: {
  input: unknown
  req: PayloadRequest
  [key: string]: unknown
}) => unknown

const tellScheduler = async ({
  req,
  to,
  locale,
  collection,
  id,
  reason,
}: {
  req: PayloadRequest
  to: string
  locale: Locale
  collection: ContentCollection
  id: number
  reason: string
}) => {
  try {
    const title = await documentTitle({ req, collection, id, locale })
    const values = { site: siteName, title, reason }
    await queueEmail({
      req,
      message: {
        to,
        subject: serverMessage({ locale, key: 'scheduling.failed-mail-subject', values }),
        text: [
          serverMessage({ locale, key: 'scheduling.failed-mail-body', values }),
          '',
          `${serverUrl()}/admin/collections/${collection}/${id}`,
        ].join('\n'),
      },
    })
  } catch (error) {
    req.payload.logger.error({ err: error, msg: `could not mail ${to} of a failed schedule` })
  }
}

/**
 * Installs the scheduling rules on Payload's own parts, once the config is built (Payload adds
 * the jobs collection and the publish task itself, and warns of hooks given through
 * `jobsCollectionOverrides` when `jobs.runHooks` is off — which stays off: with it, Payload's
 * runner fails to log a job's result): the jobs collection's hooks, for REST, GraphQL and the
 * Local API's create; and the task's failure report.
 */
export const withSchedulingRules = <Config extends SanitizedConfig>(config: Config): Config => {
  const jobs = config.collections.find((collection) => collection.slug === 'payload-jobs')
  if (jobs) {
    const before = jobs.hooks.beforeChange ?? []
    if (!before.includes(refuseUnpublishableSchedule)) {
      jobs.hooks.beforeChange = [...before, refuseUnpublishableSchedule]
      jobs.hooks.afterRead = [...(jobs.hooks.afterRead ?? []), hideJobStacks]
    }
  }
  const task = config.jobs.tasks?.find((candidate) => candidate.slug === SCHEDULE_PUBLISH_TASK)
  if (task && typeof task.handler === 'function' && !REPORTING.has(task)) {
    task.handler = reportingFailure(task.handler as unknown as TaskHandler) as never
    REPORTING.add(task)
  }
  return config
}

const REPORTING = new WeakSet<object>()

/**
 * Payload's `jobs.queue` (the admin's schedule drawer calls it, as may server code) writes the row
 * straight to the database, past the collection's hooks: it passes the same check first. Called
 * once, from the config's `onInit`.
 */
export const guardQueuedSchedules = (payload: Payload) => {
  const queue = payload.jobs.queue.bind(payload.jobs)
  payload.jobs.queue = (async (args: Parameters<typeof queue>[0]) => {
    if ('task' in args && args.task === SCHEDULE_PUBLISH_TASK) {
      const req = args.req ?? (await createLocalReq({}, payload))
      const job: JobData = {
        taskSlug: args.task,
        input: args.input as JobInput,
        waitUntil: args.waitUntil?.toISOString(),
        queue: args.queue ?? 'default',
      }
      await checkSchedule({ job, req })
      return queue({ ...args, input: job.input as never })
    }
    return queue(args)
  }) as typeof payload.jobs.queue
}

const TITLE_FIELDS: Record<ContentCollection, string> = {
  news: 'title',
  posts: 'title',
  pages: 'title',
  faqs: 'question',
}

const documentTitle = async ({
  req,
  collection,
  id,
  locale,
}: {
  req: PayloadRequest
  collection: ContentCollection
  id: number
  locale: Locale
}) => {
  const field = TITLE_FIELDS[collection]
  const found = (await req.payload.findByID({
    collection: collection as CollectionSlug,
    id,
    draft: true,
    locale,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req,
  })) as Record<string, unknown> | null
  const title = found?.[field]
  return typeof title === 'string' && title ? title : `#${id}`
}
