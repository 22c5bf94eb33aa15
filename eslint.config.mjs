import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

import { roleNames } from './eslint/roleNames.mjs'
import { serverFloors } from './eslint/serverFloors.mjs'

/**
 * The parts of the house and which may import which (ARCHITECTURE.md). Paths are from the root.
 * A part's own files, and src/lib (pure code both sides run), are always allowed.
 */
const SITE = ['./src/app', './src/components']
const PAYLOAD = ['./access', './collections', './endpoints', './hooks']
/** Importing the config from inside it would make a cycle; src/data reaches it through getPayload. */
const CONFIG = './payload.config.ts'
/** The calls' declarations, shared by the API (its schemas) and the browser (their types). */
const API = './src/api'
/** The Payload admin's own components, which Payload loads by their path (the import map). */
const ADMIN = './src/components/admin'
const EDGE = ['./src/proxy.ts', './src/routes.ts']
const zones = [
  {
    target: CONFIG,
    from: ['./src/data', './src/client', ...SITE],
    message:
      'The config wires collections, endpoints and server helpers; the site reads it through src/data.',
  },
  {
    target: EDGE,
    from: [...PAYLOAD, CONFIG, './src/data', API, ...SITE],
    message: 'The proxy routes before any page or call runs: locale, routes and headers only.',
  },
  {
    target: './src/i18n',
    from: [...PAYLOAD, CONFIG, './src/data', './src/server', './src/client', API, ...SITE],
    message: 'Routing and messages stand below the site and the server, which both use them.',
  },
  {
    target: './src/seed',
    from: ['./endpoints', './src/data', './src/client', API, CONFIG, ...SITE],
    message: 'The demo content is written through the Local API it is given.',
  },
  {
    target: API,
    from: [...PAYLOAD, CONFIG, './src/client', './src/seed', ...SITE],
    message:
      "The calls' declarations are shared code: zod, src/lib, src/i18n and the types of the server's shapes.",
  },
  {
    target: [
      './src/app',
      './src/components/*.*',
      './src/components/!(admin)/**',
      ...PAYLOAD,
      CONFIG,
      './src/data',
      './src/client',
      './src/server',
      './src/lib',
      './src/i18n',
      API,
      './src/seed',
      ...EDGE,
    ],
    from: ADMIN,
    message:
      "The admin's components are Payload's to load, by path (collections name them as strings).",
  },
  {
    target: SITE,
    from: PAYLOAD,
    message: 'The site reads through src/data; rules live in access and hooks.',
  },
  {
    target: './src/data',
    from: ['./endpoints', './hooks', './collections', './src/client', API, ...SITE],
    message: 'The read model sits below the API and the site: they import it, not the reverse.',
  },
  {
    target: './src/client',
    from: [...PAYLOAD, CONFIG, ...SITE, ADMIN],
    message: 'Browser code stands on its own: the site imports it, not the reverse.',
  },
  {
    target: './endpoints',
    from: './src/data',
    except: ['./views'],
    message: 'Endpoints share the read model of src/data/views, which takes their payload and req.',
  },
  {
    target: './endpoints',
    from: ['./collections', CONFIG, './src/client', ...SITE],
    message: 'The API works through the Local API of the request, not the configs.',
  },
  {
    target: './collections',
    from: ['./src/data', './src/client', CONFIG, ...SITE],
    message: 'Collections are made of access, hooks and field rules, not of the site.',
  },
  {
    target: './access',
    from: ['./collections', './hooks', './endpoints', './src/data', CONFIG, ...SITE],
    message: 'Access predicates decide from the user and the document; collections import them.',
  },
  {
    target: './hooks',
    from: ['./collections', './endpoints', './src/data', './src/client', CONFIG, ...SITE],
    message: 'Hooks run behind every door and never inside the site or the API.',
  },
  {
    target: './src/server',
    from: [...PAYLOAD, CONFIG, './src/data', './src/client', API, ...SITE],
    message: 'Server helpers are the bottom layer: everything server-side imports them.',
  },
  {
    target: './src/lib',
    from: [
      ...PAYLOAD,
      CONFIG,
      './src/server',
      './src/data',
      './src/client',
      './src/i18n',
      API,
      ...SITE,
    ],
    message: 'src/lib is pure code that both the browser and the server run.',
  },
]

/** Modules the browser runs: src/client, `*.client.ts(x)`, and every module that says 'use client'. */
const clientModules = [
  'src/client/**',
  'src/**/*.client.{ts,tsx}',
  ...readdirSync('src', { recursive: true })
    .map((file) => path.join('src', String(file)))
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => /^\s*['"]use client['"]/.test(readFileSync(file, 'utf8'))),
]

/** No import climbs more than two levels: the aliases of tsconfig.json reach across parts. */
const NO_CLIMBING = {
  group: ['../../../*'],
  message: 'Import across parts with an alias (@/…, @access/…, @payload-types).',
}

/** Code asks the role model's capabilities (src/lib/roles.ts); only it compares role strings. */
const ROLE_COMPARISONS = ['left', 'right'].flatMap((side) => {
  const other = side === 'left' ? 'right' : 'left'
  return [`[${side}.property.name=/^role$/i]`, `[${side}.name=/role$/i]`].map((role) => ({
    selector: `BinaryExpression[operator=/^[!=]==?$/]${role}[${other}.type='Literal']`,
    message: "Ask a capability of the role model (src/lib/roles.ts), not `role === '…'`.",
  }))
})

/** Payload's adapter is cast to Postgres' once, in src/server/sql/run.ts (`postgresOf`). */
const ADAPTER_CASTS = [
  {
    selector: "TSAsExpression[typeAnnotation.typeName.name='PostgresAdapter']",
    message: 'Reach the database through postgresOf or runSql (src/server/sql/run.ts).',
  },
]

/**
 * SQL is written in two places: the named statements of src/server/sql (writes, locks,
 * notifications) and the read model's queries in src/data. Hooks and endpoints call them.
 */
const SQL_ELSEWHERE = [
  { name: '@payloadcms/db-postgres', importNames: ['sql'] },
  { name: 'drizzle-orm', importNames: ['sql'] },
].map((path) => ({
  ...path,
  message: 'Name the statement in src/server/sql (a write) or src/data (a read), and call it.',
}))

/**
 * What a test may not do (ARCHITECTURE.md, "Tests"): wait for a time instead of for what it waits
 * for, wait for Playwright's `networkidle` (which Next's prefetches can keep from coming: use
 * `settled`), or write to a machine's absolute path instead of a temporary or ignored folder.
 */
const TEST_RULES = [
  {
    selector: "CallExpression[callee.property.name='waitForTimeout']",
    message: 'Wait for what the journey waits for (expect, expect.poll, toPass), not for a time.',
  },
  {
    selector: "Literal[value='networkidle']",
    message: 'Wait with settled(page) (tests/e2e/settled.ts): prefetches keep networkidle away.',
  },
  ...['Literal[value', 'TemplateElement[value.raw'].map((node) => ({
    selector: `${node}=/^\\/(work|home|root|tmp)\\//]`,
    message:
      'Write under os.tmpdir(), testInfo.outputPath() or an ignored folder, never a machine path.',
  })),
]

/**
 * Payload's doors (hooks, validators, access, endpoints) answer in the language Payload speaks on
 * the request, so that the site's sentence and Payload's own beside it agree: the admin's in the
 * admin, the site's on a site call (src/server/serverMessages.ts).
 */
const ONE_LANGUAGE = {
  name: '@/server/serverMessages',
  importNames: ['requestLocale'],
  message: 'Answer in messageLocale(req), the language Payload speaks on the request.',
}

const READ_THROUGH_DATA = 'Pages and components read through src/data, never Payload or SQL itself.'

/** Browser code may import only the types of server modules (the shapes of the API). */
const SERVER_ONLY = {
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
}

const restrictedImports = ({ site = false, client = false, sql = false, doors = false } = {}) => [
  'error',
  {
    paths: doors
      ? [...SQL_ELSEWHERE, ONE_LANGUAGE]
      : site
        ? ['payload', '@payload-config', '@payloadcms/db-postgres', 'drizzle-orm'].map((name) => ({
            name,
            allowTypeImports: true,
            message: READ_THROUGH_DATA,
          }))
        : sql
          ? []
          : SQL_ELSEWHERE,
    patterns: [
      NO_CLIMBING,
      ...(site
        ? [
            {
              group: ['**/data/payload', '**/server/db', '**/server/sql/*'],
              allowTypeImports: true,
              message: READ_THROUGH_DATA,
            },
          ]
        : []),
      ...(client ? [SERVER_ONLY] : []),
    ],
  },
]

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    '.data/**',
    'media/**',
    'node_modules/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'payload-types.ts',
    'migrations/2*.ts',
    'migrations/index.ts',
    'src/app/(payload)/admin/importMap.js',
  ]),
  {
    files: ['**/*.{ts,tsx,mjs}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import/no-restricted-paths': ['error', { zones }],
      'import/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', ['sibling', 'index']],
          pathGroups: [
            { pattern: '@{/,access/,collections/,endpoints/,hooks/}**', group: 'internal' },
            { pattern: '@payload-{config,types}', group: 'internal' },
          ],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      '@typescript-eslint/no-restricted-imports': restrictedImports(),
    },
  },
  {
    // The statements' own home, the read model, and the code around the app: migrations, the
    // scripts, the tests and the bench.
    files: [
      'src/server/sql/**',
      'src/data/**',
      'migrations/**',
      'scripts/**',
      'tests/**',
      'bench/**',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': restrictedImports({ sql: true }) },
  },
  {
    files: ['access/**', 'collections/**', 'endpoints/**', 'hooks/**'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictedImports({ doors: true }) },
  },
  {
    files: ['tests/**', 'playwright*.ts', 'vitest*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...TEST_RULES] },
  },
  {
    // One scan for every journey: it waits for the page's animations and keeps the serious ones.
    files: ['tests/**'],
    ignores: ['tests/e2e/support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          name: '@axe-core/playwright',
          message: 'Scan with seriousViolations(page) from tests/e2e/support.ts.',
        },
      ],
    },
  },
  {
    files: ['src/**', 'access/**', 'collections/**', 'endpoints/**', 'hooks/**', CONFIG],
    ignores: ['src/seed/**'],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_COMPARISONS, ...ADAPTER_CASTS] },
  },
  {
    files: ['src/lib/roles.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ADAPTER_CASTS] },
  },
  {
    files: ['src/server/sql/run.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_COMPARISONS] },
  },
  {
    files: ['src/app/**', 'src/components/**'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictedImports({ site: true }) },
  },
  {
    files: clientModules,
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictedImports({ site: true, client: true }),
    },
  },
  {
    // The declarations name the server's shapes (src/data, src/server) by their types only.
    files: ['src/api/**'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictedImports({ client: true }) },
  },
  {
    // Payload's generated admin and REST routes keep the shape Payload gives them.
    files: ['src/app/(payload)/**'],
    rules: {
      'import/order': 'off',
      '@typescript-eslint/no-restricted-imports': restrictedImports(),
    },
  },
  ...roleNames,
  ...serverFloors,
])
