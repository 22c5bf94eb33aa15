import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'
import type { TextFieldSingleValidation, Validate } from 'payload'
import { text } from 'payload/shared'

import { isWebAddress } from '@/lib/externalUrl'
import { isRatesFeedAddress } from '@/lib/rates'
import { nestedRequest } from '@/server/nestedRequest'
import { messageLocale, serverMessage } from '@/server/serverMessages'

type PostgresSchemaHook = NonNullable<PostgresAdapterArgs['beforeSchemaInit']>[number]

/**
 * A title in the language being written, unless the resource has one in another language: a
 * resource may be written in one language only (the other reads it through `fallbackLocale`),
 * and then saved in either (an admin publishing it in Russian, a verification setting its flag).
 * A new resource needs its title in the language it is created in.
 */
export const validateTitle: TextFieldSingleValidation = async (value, options) => {
  const { id, operation, req } = options
  if (value || operation !== 'update' || id === undefined) return text(value, options)
  // A request of its own: handed `req`, the read would leave the save in locale 'all', which
  // merges no language's values, and the update would store none of them (src/server/nestedRequest).
  const titles = await req.payload.findByID({
    collection: 'resources',
    id,
    locale: 'all',
    select: { title: true },
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req: nestedRequest(req),
  })
  const byLocale = (titles?.title ?? {}) as unknown as Record<string, string | null>
  const titledElsewhere = Object.entries(byLocale).some(
    ([locale, title]) => locale !== req.locale && Boolean(title),
  )
  return text(value, { ...options, required: !titledElsewhere })
}

/**
 * The title's column in each language's row (`resources_locales.title`) takes a null: the row of a
 * language holds its summary, description or status reason whether or not the resource has a
 * title in it. Payload would make a required field's column NOT NULL in every language's row, and
 * the save of a resource titled in Russian only that gave an English summary would fail there;
 * `validateTitle` holds the rule instead. In Payload's schema, so that the migrations keep it.
 */
export const titleInOneLanguage: PostgresSchemaHook = ({ adapter, schema }) => {
  const column = adapter.rawTables.resources_locales?.columns.title
  if (!column) throw new Error('resources_locales.title: no such column in the schema')
  column.notNull = false
  return schema
}

export const validateLink: Validate = (value, { req }) =>
  isWebAddress(value) || req.t('validation:invalidInput')

/**
 * An exchanger's rates feed: empty, or an address the fetcher may ask. Payload runs it only while
 * the field's admin condition holds (an exchanger); `keepRatesFeedOnExchangers` refuses a feed on
 * any other type.
 */
export const validateRatesFeed: Validate = (value, { req }) =>
  value == null ||
  value === '' ||
  isRatesFeedAddress(value) ||
  serverMessage({ locale: messageLocale(req), key: 'api.rates-feed-invalid' })

/** An ISO 3166-1 alpha-2 code, or nothing; on every door, whatever picked it. */
export const validateCountry: Validate = (value, { req }) =>
  value == null ||
  value === '' ||
  /^[A-Z]{2}$/.test(String(value)) ||
  serverMessage({ locale: messageLocale(req), key: 'api.country-invalid' })
