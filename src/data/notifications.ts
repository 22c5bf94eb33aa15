import 'server-only'

import type { Locale } from '@/i18n/routing'
import type { User } from '@payload-types'

import { getPayload } from './payload'
import { listNotifications } from './views/notifications'

/** One page of the user's notifications for `/notifications`, worded in `locale`. */
export const readNotificationsPage = async ({
  user,
  locale,
  page,
}: {
  user: User
  locale: Locale
  page: number
}) => listNotifications({ payload: await getPayload(), user, locale, page })
