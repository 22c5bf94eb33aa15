import {
  type CollectionBeforeOperationHook,
  type PayloadRequest,
  QueryError,
  type SanitizedConfig,
} from 'payload'

import { COLLECTION_PAGE_MAX } from '@/lib/limits'
import { messageLocale, serverMessage } from '@/server/serverMessages'

import { BadPageArg, boundedPaging } from './pageArgs'
import { refusedPath } from './refusedPath'

/**
 * Payload's own 400 for a query it cannot run, `{errors: [{name, data: [{path}], message}]}`
 * (the admin shows the message), told in the request's language.
 */
const refusal = ({ path, message }: { path: string; message: string }) =>
  Object.assign(new QueryError([{ path }]), { message })

type QueryArgs = {
  depth?: unknown
  field?: unknown
  joins?: unknown
  limit?: unknown
  overrideAccess?: boolean
  page?: unknown
  pagination?: unknown
  sort?: unknown
  where?: unknown
}

const READS = new Set(['read', 'readDistinct'])

/**
 * Payload's REST handlers and GraphQL resolvers call an operation without `overrideAccess`; the
 * Local API always sets it (true unless told otherwise), for the site's own code and for
 * Payload's population of relations alike, so those keep their page sizes.
 */
const isDoorCall = (args: QueryArgs, req: PayloadRequest) =>
  req.payloadAPI !== 'local' && args.overrideAccess === undefined

/**
 * Every collection's first `beforeOperation` hook. Wherever access applies, a query may filter,
 * sort or join only on what the caller can read (`refusedPath`); on Payload's doors
 * its paging must make sense and its pages stay small (`pageArgs`).
 */
export const guardQueries: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  const query = args as QueryArgs
  const message = (key: string, values: Record<string, string | number>) =>
    serverMessage({ locale: messageLocale(req), key: `api.${key}`, values })
  if (!query.overrideAccess) {
    const refused = await refusedPath({ args: query, collection, req })
    if (refused) {
      const path = refused.slice(0, 100)
      throw refusal({ path, message: message('query-path-refused', { path }) })
    }
  }
  if (!isDoorCall(query, req)) return args
  try {
    return boundedPaging({
      args: query,
      isRead: READS.has(operation),
      maxDepth: req.payload.config.maxDepth,
    }) as typeof args
  } catch (error) {
    if (!(error instanceof BadPageArg)) throw error
    throw refusal({
      path: error.argName,
      message: error.isTooFar
        ? message('query-page-too-far', { max: COLLECTION_PAGE_MAX })
        : message('query-number-invalid', { name: error.argName, min: error.min }),
    })
  }
}

/**
 * The built config with `guardQueries` first among every collection's `beforeOperation` hooks:
 * the project's collections and the ones Payload adds itself (preferences, locked documents).
 */
export const withQueryGuards = (config: SanitizedConfig): SanitizedConfig => {
  for (const collection of config.collections) {
    const hooks = collection.hooks.beforeOperation ?? []
    if (!hooks.includes(guardQueries)) collection.hooks.beforeOperation = [guardQueries, ...hooks]
  }
  return config
}
