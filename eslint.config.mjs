import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

import { clientModules, importChecks, restrictedImports } from './eslint/imports.mjs'
import { roleNames } from './eslint/roleNames.mjs'
import { serverFloors } from './eslint/serverFloors.mjs'
import { restrictedSyntax, testSyntax } from './eslint/syntax.mjs'
import { zones } from './eslint/zones.mjs'

/**
 * The house's lint: the parts' arrows (eslint/zones.mjs), what each part may import
 * (eslint/imports.mjs) and the syntax it may not use (eslint/syntax.mjs), assembled by file.
 * ARCHITECTURE.md's "Rules and the checks that hold them" names each check by its id.
 */
const CONFIG = './payload.config.ts'

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
      'import/no-restricted-paths': ['error', { zones: Object.values(zones) }],
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
    rules: { 'no-restricted-syntax': testSyntax },
  },
  {
    files: ['tests/**'],
    ignores: ['tests/e2e/support.ts'],
    rules: { 'no-restricted-imports': ['error', importChecks['one-axe-scan']] },
  },
  {
    files: ['src/**', 'access/**', 'collections/**', 'endpoints/**', 'hooks/**', CONFIG],
    ignores: ['src/seed/**'],
    rules: { 'no-restricted-syntax': restrictedSyntax() },
  },
  {
    // The statements' own home and the read model say their SQL.
    files: ['src/server/sql/**', 'src/data/**'],
    rules: { 'no-restricted-syntax': restrictedSyntax('raw-sql-calls') },
  },
  {
    files: ['src/lib/roles.ts'],
    rules: { 'no-restricted-syntax': restrictedSyntax('role-comparisons') },
  },
  {
    files: ['src/server/sql/run.ts'],
    rules: { 'no-restricted-syntax': restrictedSyntax('raw-sql-calls', 'adapter-casts') },
  },
  {
    files: ['src/server/db.ts'],
    rules: { 'no-restricted-syntax': restrictedSyntax('one-transaction-helper') },
  },
  {
    // Not a transaction of its own: it wraps the adapter's commit and rollback once, at start, so
    // that every commit expires again the pages its writes expired (expireAgainOnCommit).
    files: ['src/server/publicCache.ts'],
    rules: { 'no-restricted-syntax': restrictedSyntax('one-transaction-helper') },
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
