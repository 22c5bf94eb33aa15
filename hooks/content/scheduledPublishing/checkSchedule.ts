import {
  APIError,
  type CollectionAfterReadHook,
  type CollectionBeforeChangeHook,
  type PayloadRequest,
  ValidationError,
} from 'payload'

import { isLocale } from '@/i18n/routing'
import { isAdmin } from '@/lib/roles'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { isModerator } from '@access/content'

import { type JobData, type JobInput, SCHEDULE_PUBLISH_TASK, isContentCollection } from './jobs'
import { invalidFields, tryPublication } from './trial'

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
export const checkSchedule = async ({ job, req }: { job: JobData; req: PayloadRequest }) => {
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
