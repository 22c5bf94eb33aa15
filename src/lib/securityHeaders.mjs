/**
 * The security headers of every answer (ARCHITECTURE.md, "Security headers"): next.config.mjs
 * gives them to every path, src/proxy.ts gives each page of the site its own policy. Plain
 * JavaScript, because next.config.mjs loads it without a compiler. The third parties come from
 * the NEXT_PUBLIC_ variables, which the build writes into the browser's code and into the proxy:
 * the policy allows what that build's pages load.
 */

export const CSP_HEADER = 'Content-Security-Policy'
export const DEFAULT_GOOGLE_GSI_URL = 'https://accounts.google.com/gsi/client'

/** reCAPTCHA's own list (developers.google.com/recaptcha/docs/faq, "Content Security Policy"). */
const RECAPTCHA_SCRIPTS = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
]
const RECAPTCHA_FRAMES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
]
/** What no page may do: be framed, load plugins, move its base or post forms elsewhere. */
const LOCKED = {
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

/**
 * JSON and uploaded files: nothing runs, even when a file is opened on its own (an image, a
 * crafted SVG), and nothing frames them.
 */
export const API_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'"

/**
 * A badge or widget for owners' own sites (issue 47, src/lib/embeds.ts): nothing runs and nothing
 * is fetched but its inline styles (and this site's images in the widget). The widget may be
 * framed by any site; sandboxed, it is an opaque origin, and its links (target _blank) open the
 * site's pages as an ordinary tab. A badge is an image, framed by nothing.
 * @param {'badge' | 'widget'} kind
 */
export const embedPolicy = (kind) =>
  kind === 'widget'
    ? serialize({
        'default-src': ["'none'"],
        'style-src': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
        'frame-ancestors': ['*'],
        sandbox: ['allow-popups', 'allow-popups-to-escape-sandbox'],
      })
    : API_POLICY

/** The widget's public addresses, the only ones another site may frame. */
export const WIDGET_SOURCE = '/widget/:path*'
/** Every other path: a later rule could override its `X-Frame-Options: DENY`, not take it away. */
export const EVERY_PATH_BUT_WIDGET = '/:path((?!widget/).*)'

/**
 * The public site's policy. With the nonce of a page rendered per request, only the scripts Next
 * marked with it, the theme's boot script (by its hash) and what they load run. The directory's
 * cached pages are one HTML for every visitor, so no nonce can be in them, and Next inlines each
 * page's data as scripts: they allow inline scripts, still only this site's and the configured
 * third parties' files, and never inline event handlers. Both list the third parties: a page
 * reached by the client router keeps the policy of the page the visit began on. Styles allow
 * 'unsafe-inline': Next, the progress bar and the rating bars set them inline. `framedBySelf`
 * (the admin's live preview only) lets pages of this same origin frame the page.
 * @param {{ nonce?: string | null, scriptHashes?: string[], framedBySelf?: boolean }} [options]
 */
export const sitePolicy = ({ nonce = null, scriptHashes = [], framedBySelf = false } = {}) => {
  const thirdParties = configuredThirdParties()
  const scripts = nonce
    ? [`'nonce-${nonce}'`, "'strict-dynamic'", ...scriptHashes]
    : ["'unsafe-inline'"]
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scripts, ...thirdParties.scripts, ...devScripts()],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...thirdParties.styles],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...thirdParties.connections],
    'frame-src': ["'self'", ...thirdParties.frames],
    ...LOCKED,
    ...(framedBySelf ? { 'frame-ancestors': ["'self'"] } : {}),
  })
}

/**
 * The admin's live preview of a draft (`/{locale}/preview/…`), which the admin frames.
 * @param {string} path the path without its locale
 */
export const isPreviewPath = (path) => /^\/preview(\/|$)/.test(path)

/**
 * Payload's admin: rendered per request but outside the proxy, with inline scripts and styles of
 * its own, so it allows them; nothing may frame it. Nothing comes from another site: no JSON field
 * uses Payload's code editor (its CDN) and the account icon is the default one, not Gravatar's.
 */
export const adminPolicy = () =>
  serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-inline'", ...devScripts()],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    ...LOCKED,
  })

/**
 * The headers of next.config.mjs. A later rule overrides an earlier one's header, and the proxy
 * overrides them all for the pages it serves; the first rule's policy is for the rest (a 404 page
 * of a path with a dot, static files). HSTS only when the site's address is https. The widget's
 * addresses alone have no X-Frame-Options and a policy any site may frame (`embedPolicy`).
 */
export const securityHeaders = () => [
  {
    source: EVERY_PATH_BUT_WIDGET,
    headers: [
      ...commonHeaders(),
      { key: 'X-Frame-Options', value: 'DENY' },
      { key: CSP_HEADER, value: sitePolicy() },
    ],
  },
  {
    source: WIDGET_SOURCE,
    headers: [...commonHeaders(), { key: CSP_HEADER, value: embedPolicy('widget') }],
  },
  { source: '/admin/:path*', headers: [{ key: CSP_HEADER, value: adminPolicy() }] },
  // The live preview, framed by the admin on this origin (the proxy sets its policy to match).
  ...['/preview/:path*', '/:locale(ru|en)/preview/:path*'].map((source) => ({
    source,
    headers: [{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }],
  })),
  { source: '/api/:path*', headers: [{ key: CSP_HEADER, value: API_POLICY }] },
]

const commonHeaders = () => [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  ...((process.env.NEXT_PUBLIC_SERVER_URL ?? '').startsWith('https://')
    ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }]
    : []),
]

/** The sources the configured reCAPTCHA, Google sign-in and API need. */
const configuredThirdParties = () => {
  const scripts = []
  const styles = []
  const connections = []
  const frames = []
  if (process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY) {
    scripts.push(...RECAPTCHA_SCRIPTS)
    frames.push(...RECAPTCHA_FRAMES)
  }
  if (process.env.NEXT_PUBLIC_GOOGLE_CLIENT_ID) {
    // Google's list for its sign-in: the script itself, and its folder for the button's frame,
    // style and calls (developers.google.com/identity/gsi/web/guides/get-google-api-clientid).
    const script = new URL(process.env.NEXT_PUBLIC_GOOGLE_GSI_URL || DEFAULT_GOOGLE_GSI_URL)
    const folder = new URL('./', script).href
    scripts.push(script.href)
    styles.push(folder)
    connections.push(folder)
    frames.push(folder)
  }
  const api = process.env.NEXT_PUBLIC_API_URL
  if (api && /^https?:\/\//i.test(api)) connections.push(new URL(api).origin)
  return { scripts, styles, connections, frames }
}

/** React's development build evaluates code to show server errors; production never does. */
const devScripts = () => (process.env.NODE_ENV === 'development' ? ["'unsafe-eval'"] : [])

/** @param {Record<string, string[]>} directives */
const serialize = (directives) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ')
