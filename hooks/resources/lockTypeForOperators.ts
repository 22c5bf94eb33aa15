import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { messageLocale, serverMessage } from '@/server/serverMessages'
import { operatorType } from '@access/resources'
import type { Resource } from '@payload-types'

/**
 * An operator works on the employer's resources of the operator's type (design.md §3): moving
 * one to another type would take it out of their reach, or bring another type into it. Only
 * its owner or an admin changes a resource's type.
 */
export const lockTypeForOperators: CollectionBeforeChangeHook<Resource> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || !operatorType(req.user)) return data
  if (data.type === undefined || data.type === originalDoc?.type) return data
  throw new ValidationError({
    collection: 'resources',
    errors: [
      {
        path: 'type',
        message: serverMessage({ locale: messageLocale(req), key: 'api.type-locked' }),
      },
    ],
  })
}
