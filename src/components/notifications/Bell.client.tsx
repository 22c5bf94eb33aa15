'use client'

import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useEffect, useRef } from 'react'

import {
  CHAT_MENTION_EVENT,
  type MentionDetail,
  useUnreadNotifications,
} from '@/client/swr/useUnreadNotifications'
import { useViewer } from '@/client/swr/useViewer'
import { Link } from '@/i18n/navigation'

/** Above this the badge says "99+". */
const BADGE_MAX = 99

/**
 * A link to /notifications with the unread count: asked when the page comes to life, again on
 * each navigation, every minute while the tab is shown and whenever it comes back
 * (`useUnreadNotifications`), and at once when the chat's live stream brings a message that
 * names the reader.
 */
export function Bell() {
  const t = useTranslations('bell')
  const pathname = usePathname()
  const { unread, ask } = useUnreadNotifications()
  const login = useViewer().viewer?.username?.toLowerCase()

  // SWR asks when the bell first shows; each later navigation asks again.
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    void ask()
  }, [pathname, ask])

  useEffect(() => {
    const mentioned = (event: Event) => {
      const { logins } = (event as CustomEvent<MentionDetail>).detail
      if (login && logins.some((name) => name.toLowerCase() === login)) void ask()
    }
    window.addEventListener(CHAT_MENTION_EVENT, mentioned)
    return () => {
      window.removeEventListener(CHAT_MENTION_EVENT, mentioned)
    }
  }, [ask, login])

  const count = unread ?? 0
  const label = count ? t('label-unread', { count }) : t('label')
  return (
    <Link href="/notifications" className="icon-button bell" aria-label={label} title={label}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {count > 0 && (
        <span className="bell-badge" aria-hidden="true">
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      )}
    </Link>
  )
}
