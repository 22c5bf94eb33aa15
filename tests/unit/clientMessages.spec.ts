import { readdirSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { CLIENT_MESSAGES, pickClientMessages } from '@/i18n/clientMessages'

import en from '../../messages/en.json'
import { moduleGraphOf, namespacesUsedBy, projectPath, source } from '../helpers/clientImports'

/**
 * The messages each page sends to the browser (src/i18n/clientMessages.ts) are exactly what its
 * client components translate: a list that lacks a namespace shows keys instead of words, and
 * one that holds a namespace nobody uses there weighs on every visit.
 */
const FRONTEND = 'src/app/(frontend)/[locale]'
const ENTRY_FILES = new Set(['page.tsx', 'layout.tsx', 'error.tsx', 'not-found.tsx'])

const entries = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entries(file)
    return ENTRY_FILES.has(entry.name) ? [file] : []
  })

const SHELL_ENTRIES = ['layout.tsx', 'error.tsx', 'not-found.tsx'].map((name) =>
  path.join(FRONTEND, name),
)

const pages = entries(FRONTEND).map((file) => {
  const graph = moduleGraphOf(file)
  const groups = new Set(
    [...graph.all].flatMap((module) =>
      [...source(module).matchAll(/<ClientMessages\s+group="([^"]+)"/g)].map((match) => match[1]),
    ),
  )
  return {
    file,
    groups: [...groups] as (keyof typeof CLIENT_MESSAGES)[],
    used: namespacesUsedBy(graph.client),
  }
})

describe('the messages sent to the browser', () => {
  it('finds the pages and their client components', () => {
    expect(pages.length).toBeGreaterThan(40)
    const home = pages.find((page) => page.file.endsWith('(home)/page.tsx'))
    expect(home?.used).toContain('favorites')
  })

  it('names only the groups it lists, and no client component asks for every namespace', () => {
    for (const page of pages) {
      for (const group of page.groups) expect(Object.keys(CLIENT_MESSAGES)).toContain(group)
      expect(page.used, projectPath(page.file)).not.toContain('*')
    }
  })

  it.each(pages.map((page) => [projectPath(page.file), page] as const))(
    '%s sends every namespace its client components use',
    (_, page) => {
      const sent = new Set(
        Object.keys(
          pickClientMessages(
            en,
            page.groups.filter((g) => g !== 'shell'),
          ),
        ),
      )
      expect([...page.used].filter((namespace) => !sent.has(namespace))).toEqual([])
    },
  )

  it('lists no namespace that the pages sending it do not use', () => {
    const unused = Object.entries(CLIENT_MESSAGES).flatMap(([group, namespaces]) => {
      const senders =
        group === 'shell'
          ? pages.filter((page) => SHELL_ENTRIES.includes(page.file))
          : pages.filter((page) => (page.groups as string[]).includes(group))
      const used = new Set(senders.flatMap((page) => [...page.used]))
      // A part of a namespace (`rates.offers`) is used when its namespace is.
      return (namespaces as readonly string[])
        .filter((namespace) => !used.has(namespace.split('.')[0]!))
        .map((namespace) => `${group}: ${namespace}`)
    })
    expect(unused).toEqual([])
  })

  it('keeps server-only and staff namespaces off the public pages', () => {
    const home = Object.keys(pickClientMessages(en, ['directory']))
    for (const namespace of ['emails', 'users-admin', 'employees', 'verification', 'api', 'home']) {
      expect(home).not.toContain(namespace)
    }
  })
})
