import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { lineCount } from './files'

/**
 * The stylesheets stay in rooms of a readable size (ARCHITECTURE.md, "The stylesheets"): the base
 * sheet every page shows under 600 lines, a feature's sheet at most 300, beside what it styles.
 */
const BASE = 'src/app/(frontend)/[locale]/styles.css'
const LAYOUT = 'src/app/(frontend)/[locale]/layout.tsx'
const BASE_CEILING = 599
const FEATURE_CEILING = 300

/** Sheets over the ceiling, each with its reason. */
const OVER_THE_CEILING: Record<string, string> = {
  'src/components/tickets/support.css':
    'one line over; seven pages import it, so a split is an import more in each (its saved replies belong beside SavedReplyPicker)',
}

const sheets = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => path.join('src', file))

describe('the stylesheets', () => {
  it('finds the base sheet among them', () => {
    expect(sheets).toContain(BASE)
  })

  it(`keeps the base sheet under ${BASE_CEILING + 1} lines`, () => {
    expect(lineCount(BASE)).toBeLessThanOrEqual(BASE_CEILING)
  })

  it(`keeps every other sheet at most ${FEATURE_CEILING} lines`, () => {
    const over = sheets
      .filter((file) => file !== BASE && !(file in OVER_THE_CEILING))
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > FEATURE_CEILING)
    expect(over).toEqual([])
  })

  it('lists an exception only while it is one', () => {
    for (const file of Object.keys(OVER_THE_CEILING))
      expect(lineCount(file), file).toBeGreaterThan(FEATURE_CEILING)
  })

  // The public pages' sheets are one stylesheet in the order the layout imports them: the base
  // sheet first, the header's next (they were one file, and its rules come before the forms'
  // and the design system's in the cascade), then the design system's, then the features'.
  it("imports the base sheet first in the locale's layout, the header's and the design system's after it", () => {
    const imports = [...readFileSync(LAYOUT, 'utf8').matchAll(/^import '([^']+\.css)'$/gm)].map(
      ([, file]) => file,
    )
    expect(imports.slice(0, 10)).toEqual([
      './styles.css',
      '@/components/header.css',
      '@/components/search-box.css',
      '@/components/account-menu.css',
      '@/components/site-menu.css',
      '@/components/ui/ui.css',
      '@/components/ui/stars.css',
      '@/components/ui/tabs.css',
      '@/components/ui/dialogs.css',
      '@/components/ui/states.css',
    ])
  })
})
