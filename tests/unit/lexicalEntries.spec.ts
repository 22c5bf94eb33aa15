import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

/**
 * Lexical's packages offer Node an entry of their own (`*.node.mjs`) that picks the development
 * or production build with a top-level `await import(…)`. Imported together, as the rich text
 * editor imports them, on Node 20 the import of the config often never settles: the process ends
 * with exit 13 ("unsettled top-level await") having done nothing (9 imports in 10 on a 2-core
 * machine). The patches in patches/ (lexical, @lexical/*) leave Node the packages' `default`
 * entry, which picks the build without a top-level await.
 */
const modules = path.resolve('node_modules')
const lexicalPackages = [
  'lexical',
  ...readdirSync(path.join(modules, '@lexical')).map((name) => `@lexical/${name}`),
]

const nodeEntries = (exports: unknown): string[] => {
  if (!exports || typeof exports !== 'object') return []
  return Object.entries(exports).flatMap(([key, value]) =>
    key === 'node' && typeof value === 'string' ? [value] : nodeEntries(value),
  )
}

describe("Lexical's packages under Node", () => {
  it.each(lexicalPackages)('should leave %s without an entry of top-level await', (name) => {
    const manifest = JSON.parse(readFileSync(path.join(modules, name, 'package.json'), 'utf8')) as {
      exports?: unknown
    }
    expect(nodeEntries(manifest.exports).filter((entry) => entry.endsWith('.node.mjs'))).toEqual([])
  })
})
