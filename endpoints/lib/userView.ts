import type { Media, User } from '../../payload-types'
import { nextDisplayNameChange } from '../../hooks/users/limitDisplayNameChanges'

/** The account as the API shows it (snake_case, like the spec's own fields); never a secret. */
export const userView = (user: User) => {
  const avatar = typeof user.avatar === 'object' && user.avatar ? (user.avatar as Media) : null
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
    avatar: avatar?.sizes?.thumbnail?.url ?? avatar?.url ?? null,
    status: user.status,
    blocked: Boolean(user.blocked),
    two_factor: user.twoFactor === 'totp' ? 'google' : user.twoFactor,
    has_pgp_key: Boolean(user.pgpPublicKey),
    auth_provider: user.authProvider,
    theme: user.theme ?? null,
    locale: user.locale ?? null,
  }
}
