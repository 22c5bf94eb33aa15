import { type Payload, type PayloadRequest, ValidationError, createLocalReq } from 'payload'

import { DEFAULT_LOCALE, type Locale } from '@/i18n/routing'
import { type ContentCollection } from '@/lib/content'
import { inTransaction } from '@/server/db'
import { serverMessage } from '@/server/serverMessages'

import { DRY_RUN_CONTEXT } from './jobs'

/**
 * The fields a failed publication names, by their labels in `locale` (the collection's own
 * `{ ru, en }` labels, whatever language the error was made in).
 */
export const invalidFields = ({
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
