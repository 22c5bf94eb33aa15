import type { ServerProps } from 'payload'

import { canSeeMachinery } from '@/lib/roles'

import { MACHINERY_PATH, say } from './machineryFormat'
import { adminLocale } from './scheduling'

/** In the admin's navigation, for admins: the machinery screen. */
export const MachineryNavLink = ({ i18n, user }: ServerProps) => {
  if (!canSeeMachinery(user)) return null
  return (
    <a className="nav__link" id="nav-machinery" href={`/admin${MACHINERY_PATH}`}>
      <span className="nav__link-label">{say(adminLocale(i18n), 'view-link')}</span>
    </a>
  )
}
