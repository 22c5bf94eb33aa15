import type { Access, FieldAccess } from 'payload'

import { canModerate } from '@/lib/roles'

/** The contact form's messages are read and handled by the people the role model names (admins). */
export const handlesContactMessages: Access = ({ req: { user } }) => canModerate(user)

/**
 * A reply is mailed when it is saved, so it is written once: by those who handle the messages,
 * while the message has none (a mail that left cannot be changed).
 */
export const replyNotYetSent: FieldAccess = ({ req: { user }, doc }) =>
  canModerate(user) && !(doc as { reply?: string | null } | undefined)?.reply
