import type { PayloadRequest } from 'payload'

import type { Capability } from '@/lib/roles'

/**
 * Payload's access (a collection's or a field's) for the people a capability of the role model
 * admits: `update: only(canModerateChat)`.
 */
export const only =
  (capability: Capability) =>
  ({ req: { user } }: { req: PayloadRequest }): boolean =>
    capability(user)
