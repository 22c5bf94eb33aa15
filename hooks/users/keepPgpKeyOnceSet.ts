import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { messageLocale, serverMessage } from '@/server/serverMessages'
import type { User } from '@payload-types'

/** Spec §5: a PGP public key is set once and can never be replaced, through any API. */
export const keepPgpKeyOnceSet: CollectionBeforeChangeHook<User> = ({ data, originalDoc, req }) => {
  const current = originalDoc?.pgpPublicKey
  if (!current || data.pgpPublicKey === undefined || data.pgpPublicKey === current) return data
  throw new ValidationError({
    collection: 'users',
    errors: [
      {
        path: 'pgpPublicKey',
        message: serverMessage({ locale: messageLocale(req), key: 'api.pgp-key-locked' }),
      },
    ],
  })
}
