import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The site's modules as the bundler sees them, read from the sources: which files a module pulls
 * in, and which of them run in the browser (a 'use client' file and everything it imports).
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts']

const resolveImport = (from: string, specifier: string): string | null => {
  let base: string
  if (specifier.startsWith('@/')) base = path.join(ROOT, 'src', specifier.slice(2))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return null
  if (/\.(tsx?|css|json)$/.test(base)) return existsSync(base) && /\.tsx?$/.test(base) ? base : null
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension
  return null
}

const sources = new Map<string, string>()
export const source = (file: string) => {
  let text = sources.get(file)
  if (text === undefined) {
    text = readFileSync(file, 'utf8')
    sources.set(file, text)
  }
  return text
}

/** The project files `file` imports (statically or with `import()`), types left out. */
export const importsOf = (file: string) =>
  [
    ...source(file).matchAll(
      /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].flatMap((match) => {
    const resolved = resolveImport(file, match[1] ?? match[2])
    return resolved ? [resolved] : []
  })

const isClientBoundary = (file: string) => /^\s*['"]use client['"]/.test(source(file))

/** The files of `entry`'s module graph (`all`), and those of them that run in the browser. */
export const moduleGraphOf = (entry: string) => {
  const all = new Set<string>()
  const client = new Set<string>()
  const seen = new Set<string>()
  const visit = (file: string, isClient: boolean) => {
    const key = `${isClient}:${file}`
    if (seen.has(key)) return
    seen.add(key)
    all.add(file)
    const inBrowser = isClient || isClientBoundary(file)
    if (inBrowser) client.add(file)
    for (const imported of importsOf(file)) visit(imported, inBrowser)
  }
  visit(path.resolve(ROOT, entry), false)
  return { all, client }
}

/** The message namespaces `useTranslations` asks for in `files`. */
export const namespacesUsedBy = (files: Iterable<string>) => {
  const namespaces = new Set<string>()
  for (const file of files) {
    for (const match of source(file).matchAll(/useTranslations\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      namespaces.add(match[1].split('.')[0])
    }
    if (/useTranslations\(\s*\)/.test(source(file))) namespaces.add('*')
  }
  return namespaces
}

export const projectPath = (file: string) => path.relative(ROOT, file)
