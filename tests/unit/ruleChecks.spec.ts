import { existsSync, readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { importChecks } from '../../eslint/imports.mjs'
import { syntaxChecks } from '../../eslint/syntax.mjs'
import { zones } from '../../eslint/zones.mjs'

/**
 * ARCHITECTURE.md's "Rules and the checks that hold them": every check a row names exists (a test
 * file, a zone of eslint/zones.mjs, a check of eslint/imports.mjs or eslint/syntax.mjs), and every
 * check of eslint/ is named by a row.
 */
const LINT_CHECKS: Record<string, Record<string, unknown>> = {
  zone: zones,
  imports: importChecks,
  syntax: syntaxChecks,
}

const rows = () => {
  const text = readFileSync('ARCHITECTURE.md', 'utf8')
  const start = text.indexOf('## Rules and the checks that hold them')
  const section = text.slice(start, text.indexOf('\n## ', start + 1))
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(rule|-+)\s*\|/.test(line))
    .map((line) => {
      const [rule, heldBy] = line.split('|').slice(1, 3)
      return {
        rule: rule.trim(),
        checks: [...heldBy.matchAll(/`([^`]+)`/g)].map(([, check]) => check),
      }
    })
}

const exists = (check: string) => {
  const [kind, id] = check.split(':')
  if (id !== undefined && kind in LINT_CHECKS) return id in LINT_CHECKS[kind]
  return existsSync(check)
}

describe('the rules and the checks that hold them', () => {
  it('should have a table of rules', () => {
    expect(rows().length).toBeGreaterThan(10)
  })

  it.each(rows().map(({ rule, checks }) => [rule, checks]))(
    'should hold "%s" by checks that exist',
    (_rule, checks) => {
      expect(checks).not.toEqual([])
      expect(checks.filter((check) => !exists(check))).toEqual([])
    },
  )

  it('should name every check of eslint/', () => {
    const named = new Set(rows().flatMap(({ checks }) => checks))
    const unnamed = Object.entries(LINT_CHECKS).flatMap(([kind, checks]) =>
      Object.keys(checks)
        .map((id) => `${kind}:${id}`)
        .filter((check) => !named.has(check)),
    )
    expect(unnamed).toEqual([])
  })
})
