import { type PayloadRequest, ValidationError } from 'payload'

import type { SigningFault } from '@/server/pgpSigning'
import { messageLocale, serverMessage } from '@/server/serverMessages'

/** A key's or a signed list's refusal, on `path`, in the request's language. */
export const refuseSigning = ({
  req,
  collection,
  path,
  fault,
}: {
  req: PayloadRequest
  collection: string
  path: string
  fault: SigningFault | 'key-change-admin' | 'key-decision-nothing' | 'forbidden'
}) =>
  new ValidationError({
    collection,
    errors: [
      {
        path,
        message: serverMessage({
          locale: messageLocale(req),
          key: `mirrors.errors.${fault}`,
        }),
      },
    ],
    req,
  })
