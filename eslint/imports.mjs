import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

/**
 * What `@typescript-eslint/no-restricted-imports` refuses, by part (ARCHITECTURE.md). Each check
 * has an id, which ARCHITECTURE.md's "Rules and the checks that hold them" names.
 */

/** Modules the browser runs: src/client, `*.client.ts(x)`, and every module that says 'use client'. */
export const clientModules = [
  'src/client/**',
  'src/**/*.client.{ts,tsx}',
  ...readdirSync('src', { recursive: true })
    .map((file) => path.join('src', String(file)))
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => /^\s*['"]use client['"]/.test(readFileSync(file, 'utf8'))),
]

const WRITE_IT_THERE =
  'Name the statement in src/server/sql (a write) or src/data (a read), and call it.'

const READ_THROUGH_DATA = 'Pages and components read through src/data, never Payload or SQL itself.'

export const importChecks = {
  /** No import climbs more than two levels: the aliases of tsconfig.json reach across parts. */
  'no-climbing': {
    group: ['../../../*'],
    message: 'Import across parts with an alias (@/…, @access/…, @payload-types).',
  },
  /**
   * SQL is written in two places: the named statements of src/server/sql (writes, locks,
   * notifications) and the read model's queries in src/data. Hooks and endpoints call them.
   */
  'sql-in-two-places': {
    paths: [
      { name: '@payloadcms/db-postgres', importNames: ['sql'] },
      { name: 'drizzle-orm', importNames: ['sql'] },
    ].map((path) => ({ ...path, message: WRITE_IT_THERE })),
    patterns: [
      {
        group: [
          'drizzle-orm/*',
          '@payloadcms/drizzle',
          '@payloadcms/drizzle/*',
          '@payloadcms/db-postgres/*',
        ],
        allowTypeImports: true,
        message: WRITE_IT_THERE,
      },
    ],
  },
  /**
   * Payload's doors (hooks, validators, access, endpoints) answer in the language Payload speaks
   * on the request, so that the site's sentence and Payload's own beside it agree: the admin's in
   * the admin, the site's on a site call (src/server/serverMessages.ts).
   */
  'one-language': {
    name: '@/server/serverMessages',
    importNames: ['requestLocale'],
    message: 'Answer in messageLocale(req), the language Payload speaks on the request.',
  },
  /** Pages and components never import Payload, the config, getPayload or raw SQL. */
  'read-through-data': {
    paths: ['payload', '@payload-config', '@payloadcms/db-postgres', 'drizzle-orm'].map((name) => ({
      name,
      allowTypeImports: true,
      message: READ_THROUGH_DATA,
    })),
    patterns: [
      {
        group: ['**/data/payload', '**/server/db', '**/server/sql/*'],
        allowTypeImports: true,
        message: READ_THROUGH_DATA,
      },
    ],
  },
  /** Browser code may import only the types of server modules (the shapes of the API). */
  'server-only-types': {
    group: [
      '@/server/*',
      '@/data/*',
      '@access/*',
      '@collections/*',
      '@endpoints/*',
      '@hooks/*',
      'server-only',
      '**/server/*',
      '**/data/*',
    ],
    allowTypeImports: true,
    message: 'Browser code may import only the types of server modules (the shapes of the API).',
  },
  /** The site takes only the types of the calls' declarations: their zod stays on the server. */
  'api-types-only': {
    group: ['@/api', '@/api/*', '../api/*', '../../api/*'],
    allowTypeImports: true,
    message: "Import the calls' types only (import type): their zod schemas stay on the server.",
  },
  /** One scan for every journey: it waits for the page's animations and keeps the serious ones. */
  'one-axe-scan': {
    name: '@axe-core/playwright',
    message: 'Scan with seriousViolations(page) from tests/e2e/support.ts.',
  },
}

const { 'sql-in-two-places': SQL, 'read-through-data': READ } = importChecks

/** The options of `@typescript-eslint/no-restricted-imports` for a part. */
export const restrictedImports = ({
  site = false,
  client = false,
  sql = false,
  doors = false,
} = {}) => [
  'error',
  {
    paths: site
      ? READ.paths
      : [...(sql ? [] : SQL.paths), ...(doors ? [importChecks['one-language']] : [])],
    patterns: [
      importChecks['no-climbing'],
      ...(sql ? [] : SQL.patterns),
      ...(site ? [...READ.patterns, importChecks['api-types-only']] : []),
      ...(client ? [importChecks['server-only-types']] : []),
    ],
  },
]
