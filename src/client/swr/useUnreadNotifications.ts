import useSWR, { mutate } from 'swr'

import { NOTIFICATIONS_REFRESH_MS } from '@/lib/notifications'

import { type GetAnswer, apiPath } from '../api'

/** The signed-in user's unread count: GET /get-notifications-count. */
export const UNREAD_NOTIFICATIONS_PATH = apiPath('/get-notifications-count')

/** The logins a chat message that came live names (the event's `detail`). */
export type MentionDetail = { logins: string[] }

/** Raised by the chat's stream for each new message that names someone (`@login`). */
export const CHAT_MENTION_EVENT = 'obzor:chat-mention'

/** Tells the bell to ask again (after marking read, or a page's live news). */
export const refreshUnreadNotifications = () => {
  void mutate(UNREAD_NOTIFICATIONS_PATH)
}

/**
 * How many notifications the reader has not read: asked again every NOTIFICATIONS_REFRESH_MS while the
 * tab is shown (a hidden tab asks nothing), whenever it comes back into view or focus, and by
 * `refreshUnreadNotifications`. A failed answer keeps the last count.
 */
export const useUnreadNotifications = () => {
  const { data, mutate: ask } = useSWR<GetAnswer<'/get-notifications-count'>>(
    UNREAD_NOTIFICATIONS_PATH,
    {
      revalidateOnFocus: true,
      refreshInterval: NOTIFICATIONS_REFRESH_MS,
      refreshWhenHidden: false,
      refreshWhenOffline: false,
    },
  )
  return { unread: data?.unread ?? null, ask }
}
