import type { ServerProps } from 'payload'

import { canEditContent } from '@/lib/roles'

import { SCHEDULED_PUBLICATIONS_PATH, adminLocale, say } from './scheduling'

/** In the admin's navigation, for editors and admins: the list of scheduled publications. */
export const ScheduledNavLink = ({ i18n, user }: ServerProps) => {
  if (!canEditContent(user)) return null
  return (
    <a
      className="nav__link"
      id="nav-scheduled-publications"
      href={`/admin${SCHEDULED_PUBLICATIONS_PATH}`}
    >
      <span className="nav__link-label">{say(adminLocale(i18n), 'view-link')}</span>
    </a>
  )
}
