import 'server-only'

import { cookies, headers } from 'next/headers'
import { redirect } from 'next/navigation'

import { LOCALE_HEADER, PATH_HEADER } from '@/i18n/headers'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import {
  BLOCKED_PARAM,
  NEXT_PARAM,
  SESSION_ENDED_PARAM,
  SIGNIN_PATH,
  SIGNIN_REQUIRED_PARAM,
  safeNextPath,
} from '@/routes'
import { SESSION_COOKIE } from '@/server/session'
import { blockedSessionOf } from '@/server/sessionLookup'

import { getPayload } from './payload'
import { getCurrentUser } from './users'

/**
 * The account of a signed-in-only page. The proxy already turns guests away by the cookie's
 * signature; this asks Payload, so a session ended on the server is turned away too.
 */
export const requireUser = async () => {
  const user = await getCurrentUser()
  if (user) return user
  const list = await headers()
  const requested = list.get(LOCALE_HEADER)
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const path = safeNextPath(list.get(PATH_HEADER)) ?? localizedPath(locale, '/')
  const query = new URLSearchParams({ [NEXT_PARAM]: path })
  // A session ended by a block says so, once; any other ended session says it ended; a guest
  // (a public route whose page needs an account) is told the page needs signing in.
  if ((await cookies()).has(SESSION_COOKIE)) {
    const blocked = await blockedSessionOf({ payload: await getPayload(), headers: list })
    query.set(blocked ? BLOCKED_PARAM : SESSION_ENDED_PARAM, '1')
  } else {
    query.set(SIGNIN_REQUIRED_PARAM, '1')
  }
  redirect(`${localizedPath(locale, SIGNIN_PATH)}?${query}`)
}
