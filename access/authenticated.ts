import type { Access } from 'payload'

/** Signed in, and not blocked. */
export const authenticated: Access = ({ req: { user } }) => Boolean(user && !user.blocked)
