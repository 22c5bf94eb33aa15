import { type NextRequest, NextResponse } from 'next/server'

import { detectLocale } from '@/i18n/detectLocale'
import { LOCALE_HEADER, PATH_HEADER } from '@/i18n/headers'
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  localizedPath,
  splitLocale,
} from '@/i18n/routing'
import { VIEW_ROOT, directoryViewPath } from '@/lib/directoryViews'
import { isSecureCookie } from '@/server/cookies'
import { SESSION_COOKIE, isValidSessionToken } from '@/server/session'

import { AFTER_SIGNIN_PATH, NEXT_PARAM, SESSION_ENDED_PARAM, SIGNIN_PATH, ruleFor } from './routes'

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl
  const { locale, path, hasPrefix } = splitLocale(pathname)

  if (!hasPrefix && path === '/') {
    const preferred = detectLocale(request.headers)
    if (preferred !== DEFAULT_LOCALE) return redirectTo(request, localizedPath(preferred, '/'))
  }

  const rule = ruleFor(path)
  if (rule !== 'public') {
    const isSignedIn = await isValidSessionToken(request.cookies.get(SESSION_COOKIE)?.value)
    if (rule === 'signedIn' && !isSignedIn) {
      const signin = hasPrefix ? `/${locale}${SIGNIN_PATH}` : SIGNIN_PATH
      return redirectTo(request, `${signin}?${NEXT_PARAM}=${encodeURIComponent(pathname + search)}`)
    }
    if (rule === 'signin' && isSignedIn && !request.nextUrl.searchParams.has(SESSION_ENDED_PARAM)) {
      return redirectTo(request, `/${locale}${AFTER_SIGNIN_PATH}`)
    }
  }

  const headers = new Headers(request.headers)
  headers.set(LOCALE_HEADER, locale)
  headers.set(PATH_HEADER, pathname)
  const target = internalPath({ locale, path, hasPrefix, url: request.nextUrl })
  const response = target
    ? NextResponse.rewrite(new URL(target, request.url), { request: { headers } })
    : NextResponse.next({ request: { headers } })
  if (!isPrefetch(request) && request.cookies.get(LOCALE_COOKIE)?.value !== locale) {
    response.cookies.set(LOCALE_COOKIE, locale, {
      maxAge: LOCALE_COOKIE_MAX_AGE,
      path: '/',
      sameSite: 'lax',
      secure: isSecureCookie(),
    })
  }
  return response
}

/**
 * Where a visit is served from when that is not its own path: the directory's cached views, the
 * Russian pages of unprefixed paths; the views' internal route itself answers 404.
 */
const internalPath = ({
  locale,
  path,
  hasPrefix,
  url,
}: {
  locale: string
  path: string
  hasPrefix: boolean
  url: URL
}) => {
  if (path === VIEW_ROOT || path.startsWith(`${VIEW_ROOT}/`)) return `/${locale}/not-found`
  const view = directoryViewPath(path, url.searchParams)
  if (view) return `/${locale}${view}`
  return hasPrefix ? null : `/${DEFAULT_LOCALE}${path}${url.search}`
}

/** The router prefetches links it shows (the other language's among them): not a visit. */
const isPrefetch = (request: NextRequest) =>
  request.headers.has('next-router-prefetch') ||
  request.headers.has('next-router-segment-prefetch') ||
  request.headers.get('purpose') === 'prefetch' ||
  (request.headers.get('sec-purpose') ?? '').includes('prefetch')

const redirectTo = (request: NextRequest, location: string) =>
  NextResponse.redirect(new URL(location, request.url), 307)

export const config = {
  // The admin, the API, Next's own files and anything with a file extension stay outside the
  // locale routing.
  matcher: ['/((?!api(?:/|$)|admin(?:/|$)|_next/|_vercel/|.*\\..*).*)'],
}
