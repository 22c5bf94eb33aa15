import { type CollectionSlug, type PayloadRequest } from 'payload'

import { DEFAULT_LOCALE, type Locale } from '@/i18n/routing'
import { type ContentCollection } from '@/lib/content'
import { serverUrl, siteName } from '@/server/env'
import { mailRecipient, queueEmail } from '@/server/mailQueue'
import { serverMessage } from '@/server/serverMessages'

import { type JobInput, isContentCollection, userIdOf } from './jobs'
import { publicationFailure } from './trial'

/**
 * A scheduled publication that fails at its time (the document changed and no longer passes, the
 * person lost their rights) stays in `payload-jobs` with its error, which the document's edit view
 * and the admin's dashboard show (src/data/scheduledPublications.ts): the error says what failed
 * in the scheduler's language, and the person who scheduled it is told by mail, with a link to
 * the document. Payload's task keeps doing the publishing; this wraps its handler.
 */
export const reportingFailure =
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

export type TaskHandler = (args: {
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
