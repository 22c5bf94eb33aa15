import 'server-only'

import { nextDisplayNameChange } from '@/lib/limits'
import type { User } from '@payload-types'

import { imageUrl } from './media'

/** The spec's calls name the authenticator app "google". */
type TwoFactorView = 'none' | 'pgp' | 'google'

/** The account as the API shows it (snake_case, like the spec's own fields); never a secret. */
export const userView = (user: User) => {
  const changeableAt = nextDisplayNameChange(user.displayNameChangedAt)
  return {
    id: user.id,
    login: user.username,
    email: user.email,
    name: user.name ?? null,
    display_name: user.displayName,
    display_name_changeable_at:
      changeableAt && changeableAt > new Date() ? changeableAt.toISOString() : null,
    phone: user.phone ?? null,
    role: user.role,
    avatar: imageUrl(user.avatar, 'thumbnail'),
    status: user.status,
    blocked: Boolean(user.blocked),
    two_factor: (user.twoFactor === 'totp' ? 'google' : user.twoFactor) as TwoFactorView,
    has_pgp_key: Boolean(user.pgpPublicKey),
    auth_provider: user.authProvider,
    theme: user.theme ?? null,
    locale: user.locale ?? null,
    /** Whether the reviewer profile (/reviewers/{login}) is kept private. */
    profile_private: Boolean(user.profilePrivate),
  }
}

/** The account as GET /get-user-by-id shows it to its owner. */
export type UserView = ReturnType<typeof userView>

/** Who employs an operator, as the lists show it. */
const employerView = (employer: User['employer']) =>
  employer && typeof employer === 'object'
    ? { id: employer.id, display_name: employer.displayName }
    : typeof employer === 'number'
      ? { id: employer, display_name: null }
      : null

/**
 * An account as the people who manage it see it in a list: an owner their employees, admins
 * everyone (with the chat block and the reason of the last block).
 */
export const managedAccountView = (user: User) => ({
  id: user.id,
  login: user.username,
  email: user.email,
  name: user.name ?? null,
  display_name: user.displayName,
  role: user.role,
  avatar: imageUrl(user.avatar, 'thumbnail'),
  status: user.status,
  blocked: Boolean(user.blocked),
  chat_blocked: Boolean(user.chatBlocked),
  block_reason: user.blockReason ?? null,
  employer: employerView(user.employer),
  created_at: user.createdAt,
})

export type ManagedAccountView = ReturnType<typeof managedAccountView>
