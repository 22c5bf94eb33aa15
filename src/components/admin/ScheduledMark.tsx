import type { I18nClient } from '@payloadcms/translations'

import type { Someone } from '@/lib/roles'
import { canEditContent } from '@/lib/roles'

import { ScheduledMarkView } from './ScheduledMark.client'
import { SCHEDULED_PUBLICATIONS_PATH, adminLocale, say } from './scheduling'

type Props = { i18n: I18nClient; user?: Someone }

/**
 * At the top of a news item's, post's, page's or FAQ's edit view: when it is scheduled
 * (ScheduledMark.client.tsx), in the admin's language; editors and admins only.
 */
export const ScheduledMark = ({ i18n, user }: Props) => {
  if (!canEditContent(user)) return null
  const locale = adminLocale(i18n)
  return (
    <ScheduledMarkView
      labels={{
        title: say(locale, 'mark-title'),
        publish: say(locale, 'action-publish'),
        unpublish: say(locale, 'action-unpublish'),
        all: say(locale, 'view-link'),
        allHref: `/admin${SCHEDULED_PUBLICATIONS_PATH}`,
      }}
    />
  )
}
