import 'server-only'

import { isolateObjectProperty, type PayloadRequest } from 'payload'

/**
 * The request to give a Local API call that a hook or a validation makes in a locale of its own
 * (`locale: 'all'`, a recipient's language): the operation's transaction, user and context, with
 * a locale, fallback and query of its own.
 *
 * Payload's `createLocalReq` writes the call's `locale` and `fallbackLocale` (and `depth`, into
 * `query`) onto the request it is handed, and they stay there once the call returns
 * (payloadcms/payload#18246, open for 3.90.1). Handed the operation's own `req`, the rest of the
 * operation runs in the call's locale: a save merges its localized values for that locale (for
 * `'all'`, for none, so an update in English that gave no title stored nothing), and the hooks
 * after it read the wrong language. Payload isolates these properties the same way inside its
 * own operations (`restoreVersion`).
 */
export const nestedRequest = (req: PayloadRequest): PayloadRequest => {
  const nested = isolateObjectProperty(req, ['locale', 'fallbackLocale', 'query'])
  nested.query = { ...req.query }
  return nested
}
