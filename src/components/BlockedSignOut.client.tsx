'use client'

import { useLocale } from 'next-intl'
import { useEffect } from 'react'

import { setAuthToken } from '@/client/api'
import { keepBlockReason, onBlocked } from '@/client/blocked'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { BLOCKED_PARAM, SIGNIN_PATH } from '@/lib/signInPaths'

const isSignInPage = (pathname: string) => /(^|\/)signin\/?$/.test(pathname)

/**
 * Signs the tab out the moment it learns that its account was blocked on the site (an answer
 * 402, the chat's stream, the viewer check on focus), without a click: the page's state goes
 * with a full load of the sign-in page, which shows the one message with the reason and how to
 * appeal. On the sign-in page itself the form says it.
 */
export function BlockedSignOut() {
  const requested = useLocale()
  useEffect(
    () =>
      onBlocked(({ reason }) => {
        setAuthToken(null)
        keepBlockReason(reason)
        if (isSignInPage(window.location.pathname)) return
        const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
        // A full load, not the router: nothing of the signed-in page may stay in memory.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign(`${localizedPath(locale, SIGNIN_PATH)}?${BLOCKED_PARAM}=1`)
      }),
    [requested],
  )
  return null
}
