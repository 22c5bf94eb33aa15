import { NEXT_PARAM } from '@/lib/signInPaths'

/**
 * The route table of spec §2: every public-site route and the rule the server applies to it.
 * - public: anyone
 * - signedIn: guests are sent to /signin and come back after signing in
 * - signin: signed-in users are sent to their profile
 * Patterns use `:name` for one dynamic segment; a route also covers its children
 * (spec: "/account children have no rule of their own").
 */
export type RouteRule = 'public' | 'signedIn' | 'signin'

export const ROUTES: ReadonlyArray<{ pattern: string; rule: RouteRule }> = [
  { pattern: '/', rule: 'public' },
  { pattern: '/account', rule: 'signedIn' },
  { pattern: '/add-employer', rule: 'signedIn' },
  { pattern: '/add-resource', rule: 'signedIn' },
  { pattern: '/analitycs', rule: 'signedIn' },
  { pattern: '/change-password', rule: 'signedIn' },
  { pattern: '/favorites', rule: 'signedIn' },
  { pattern: '/notifications', rule: 'signedIn' },
  { pattern: '/profile', rule: 'signedIn' },
  { pattern: '/reviews', rule: 'signedIn' },
  { pattern: '/users', rule: 'signedIn' },
  { pattern: '/moderation', rule: 'signedIn' },
  { pattern: '/resource-check', rule: 'public' },
  { pattern: '/signin', rule: 'signin' },
  { pattern: '/about-us', rule: 'public' },
  { pattern: '/application-for-verification', rule: 'public' },
  { pattern: '/chat', rule: 'public' },
  { pattern: '/compare', rule: 'public' },
  { pattern: '/contacts', rule: 'public' },
  { pattern: '/faqs', rule: 'public' },
  { pattern: '/forget', rule: 'public' },
  { pattern: '/my-settings', rule: 'public' },
  { pattern: '/news', rule: 'public' },
  { pattern: '/news/:url', rule: 'public' },
  { pattern: '/registration', rule: 'public' },
  { pattern: '/search', rule: 'public' },
  { pattern: '/status-changes', rule: 'public' },
  { pattern: '/search/:url', rule: 'public' },
  { pattern: '/send-ticket', rule: 'public' },
  { pattern: '/signup', rule: 'public' },
  { pattern: '/tickets', rule: 'public' },
  { pattern: '/unsubscribe', rule: 'public' },
  { pattern: '/invitation/:token', rule: 'public' },
  { pattern: '/invitation-opt-out', rule: 'public' },
  { pattern: '/two-auth', rule: 'public' },
  { pattern: '/two-factor-authentication', rule: 'public' },
  { pattern: '/posts', rule: 'public' },
  { pattern: '/posts/:url', rule: 'public' },
  { pattern: '/informations/:url', rule: 'public' },
  { pattern: '/password-reset/:id', rule: 'public' },
  { pattern: '/resources/:pagePrefix', rule: 'public' },
  { pattern: '/resources/:prefix/:url', rule: 'public' },
  { pattern: '/reviewers/:login', rule: 'public' },
  { pattern: '/rates', rule: 'public' },
  { pattern: '/rates/:direction', rule: 'public' },
]

/**
 * Addresses that lead to a page of another name: the spec spells the analytics page `/analitycs`,
 * and `/analytics` is what people type. The proxy redirects them, in the visited language.
 */
export const ROUTE_ALIASES: ReadonlyMap<string, string> = new Map([['/analytics', '/analitycs']])

export {
  ACCOUNT_DELETED_PARAM,
  AFTER_SIGNIN_PATH,
  BLOCKED_PARAM,
  SESSION_ENDED_PARAM,
  SIGNIN_PATH,
  SIGNIN_REQUIRED_PARAM,
} from '@/lib/signInPaths'
export { NEXT_PARAM }

const segments = (path: string) => path.split('/').filter(Boolean)

const matches = (pattern: string, path: string): boolean => {
  const want = segments(pattern)
  const got = segments(path)
  if (want.length === 0) return got.length === 0
  if (got.length < want.length) return false
  return want.every((part, i) => part.startsWith(':') || part === got[i])
}

/** The rule for a locale-free path: the most specific matching route's, `public` when none matches. */
export const ruleFor = (path: string): RouteRule => {
  const candidates = ROUTES.filter((route) => matches(route.pattern, path))
  const best = candidates.sort((a, b) => segments(b.pattern).length - segments(a.pattern).length)[0]
  return best?.rule ?? 'public'
}

/**
 * A `next` target is followed only when it stays on this site, as the browser will read it: its
 * URL parser drops tabs and newlines (`/<tab>/evil` is `//evil`), takes `\` for `/` and resolves
 * dot segments (`/.//evil` is `//evil`). Control characters and backslashes are refused, and what
 * is returned is the parsed path, query and fragment.
 */
export const safeNextPath = (value: string | null | undefined): string | null => {
  if (!value?.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return null
  const url = parseUrl(value)
  if (url?.origin !== PLACEHOLDER_ORIGIN || url.pathname.startsWith('//')) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** `path` with a `next` that brings the visitor back afterwards, when `next` stays on this site. */
export const withNextParam = ({
  path,
  next,
}: {
  path: string
  next: string | null | undefined
}) => {
  const safe = safeNextPath(next)
  return safe ? `${path}?${NEXT_PARAM}=${encodeURIComponent(safe)}` : path
}

const PLACEHOLDER_ORIGIN = 'http://placeholder.invalid'

const parseUrl = (value: string) => {
  try {
    return new URL(value, PLACEHOLDER_ORIGIN)
  } catch {
    return null
  }
}
