import { createHash, randomBytes } from 'node:crypto'

import { type NextRequest, NextResponse } from 'next/server'

import { themeBootScript } from '@/client/theme'
import { detectLocale } from '@/i18n/detectLocale'
import { LOCALE_HEADER, PATH_HEADER } from '@/i18n/headers'
import {
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  localizedPath,
  splitLocale,
} from '@/i18n/routing'
import { articleListViewPath, isArticleListView, isArticlePage } from '@/lib/articleViews'
import { compareAddress } from '@/lib/compareAddress'
import { VIEW_ROOT, directoryViewPath } from '@/lib/directoryViews'
import { embedInternalPath } from '@/lib/embedAddress'
import { cleanListingAddress } from '@/lib/listingUrl'
import { isWellEncoded } from '@/lib/percentEncoding'
import { isRatesPage, ratesRedirect } from '@/lib/rateAddress'
import { CSP_HEADER, embedPolicy, isPreviewPath, sitePolicy } from '@/lib/securityHeaders.mjs'
import { isSecureCookie } from '@/server/cookies'
import { fallbackLocale } from '@/server/env'
import { SESSION_COOKIE, isValidSessionToken } from '@/server/session'

import {
  AFTER_SIGNIN_PATH,
  BLOCKED_PARAM,
  ROUTE_ALIASES,
  SESSION_ENDED_PARAM,
  SIGNIN_PATH,
  ruleFor,
  withNextParam,
} from './routes'

/** The layout's inline boot script runs by its hash: cached pages cannot carry a nonce. */
const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(themeBootScript).digest('base64')}'`

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl
  const { locale, path, hasPrefix } = splitLocale(pathname)

  // A badge or widget on another site: its language is in its query, it sets no cookie.
  const embed = hasPrefix ? null : embedInternalPath(path, request.nextUrl.searchParams, LOCALES)
  if (embed) return rewriteEmbed(request, embed)

  if (!hasPrefix && path === '/') {
    const preferred = detectLocale(request.headers, fallbackLocale())
    if (preferred !== DEFAULT_LOCALE) return redirectTo(request, localizedPath(preferred, '/'))
  }

  const alias = ROUTE_ALIASES.get(path)
  if (alias) return redirectTo(request, `${hasPrefix ? `/${locale}` : ''}${alias}${search}`)

  // What the listing's filter form sends without JavaScript (`?country=&rating=`): its clean address.
  const clean = cleanListingAddress(path, request.nextUrl.searchParams)
  if (clean) return redirectTo(request, hasPrefix ? `/${locale}${clean}` : clean)

  // The comparison's one spelling per set of resources (src/lib/compareQuery.ts).
  const compare = compareAddress(path, search, VIEW_ROOT)
  if (compare && 'redirect' in compare) {
    return redirectTo(request, hasPrefix ? `/${locale}${compare.redirect}` : compare.redirect)
  }

  // The rates picker's query and a direction in another case: the direction's one address.
  const rates = ratesRedirect(path, request.nextUrl.searchParams)
  if (rates) return redirectTo(request, hasPrefix ? `/${locale}${rates}` : rates)

  const rule = ruleFor(path)
  if (rule !== 'public') {
    const isSignedIn = await isValidSessionToken(request.cookies.get(SESSION_COOKIE)?.value)
    if (rule === 'signedIn' && !isSignedIn) {
      const signin = hasPrefix ? `/${locale}${SIGNIN_PATH}` : SIGNIN_PATH
      return redirectTo(request, withNextParam({ path: signin, next: pathname + search }))
    }
    const { searchParams } = request.nextUrl
    const sessionGone = searchParams.has(SESSION_ENDED_PARAM) || searchParams.has(BLOCKED_PARAM)
    if (rule === 'signin' && isSignedIn && !sessionGone) {
      return redirectTo(request, localizedPath(locale, AFTER_SIGNIN_PATH))
    }
  }

  const headers = new Headers(request.headers)
  headers.set(LOCALE_HEADER, locale)
  headers.set(PATH_HEADER, pathname)
  const target = internalPath({ locale, path, hasPrefix, url: request.nextUrl })
  const policy = sitePolicy(
    isCachedPage(path, target)
      ? {}
      : {
          nonce: randomBytes(16).toString('base64'),
          scriptHashes: [THEME_SCRIPT_HASH],
          // The admin frames its live preview of a draft; no other page may be framed.
          framedBySelf: isPreviewPath(path),
        },
  )
  // Next gives its scripts the nonce it finds in the request's policy.
  headers.set(CSP_HEADER, policy)
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
  response.headers.set(CSP_HEADER, policy)
  return response
}

/**
 * The home page and the directory's views are rendered once and served to everyone from Next's
 * cache: a per-request nonce cannot be in them (ARCHITECTURE.md, "Security headers").
 */
const isCachedPage = (path: string, target: string | null) =>
  path === '/' ||
  Boolean(target?.includes(`${VIEW_ROOT}/`)) ||
  isArticlePage(path) ||
  isRatesPage(path)

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
  // An address whose percent-encoding decodes to nothing names no page: Next would fail on it.
  if (
    path === VIEW_ROOT ||
    path.startsWith(`${VIEW_ROOT}/`) ||
    isArticleListView(path) ||
    !isWellEncoded(path)
  ) {
    return `/${locale}/not-found`
  }
  const compare = compareAddress(path, url.search, VIEW_ROOT)
  const view =
    (compare && 'view' in compare ? compare.view : null) ??
    directoryViewPath(path, url.searchParams) ??
    articleListViewPath(path, url.searchParams)
  if (view) return `/${locale}${view}`
  return hasPrefix ? null : `/${DEFAULT_LOCALE}${path}${url.search}`
}

/** An embed's internal route, with its own policy (the widget may be framed by any site). */
const rewriteEmbed = (request: NextRequest, target: string) => {
  const policy = embedPolicy(target.includes(`${VIEW_ROOT}/widget/`) ? 'widget' : 'badge')
  const response = NextResponse.rewrite(new URL(target, request.url))
  response.headers.set(CSP_HEADER, policy)
  return response
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
  // locale routing; but the news and posts feeds (`/news/rss.xml`, `/en/posts/rss.xml`) and the
  // status feeds (`/status-changes/feed.json`) are the site's, in a language, and so is a reviewer's
  // profile, whose login may hold a dot (`/reviewers/jane.doe`).
  matcher: [
    '/((?!api(?:/|$)|admin(?:/|$)|_next/|_vercel/|.*\\..*).*)',
    '/:collection(news|posts)/rss.xml',
    '/:locale(ru|en)/:collection(news|posts)/rss.xml',
    '/status-changes/:file(rss.xml|feed.json)',
    '/:locale(ru|en)/status-changes/:file(rss.xml|feed.json)',
    '/reviewers/:login',
    '/:locale(ru|en)/reviewers/:login',
    // The badges (`/badge/shops/bazaar.svg`), for owners' own sites (src/lib/embeds.ts).
    '/badge/:path*',
  ],
}
