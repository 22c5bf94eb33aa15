import { defineConfig } from '@playwright/test'

import journeys from './playwright.config'

/**
 * `npm run shots`: screenshots of the site's screens to look at, at 1366 and 390 px wide, light
 * and dark (tests/shots/*.shots.ts, with `shoot` from tests/e2e/support.ts). They check nothing
 * beyond what it takes to reach a screen, so they are kept out of `npm test`. The browser, the
 * apps and their seeded database are the journeys' own (playwright.config.ts).
 */
export default defineConfig({
  ...journeys,
  testDir: 'tests/shots',
  testMatch: '*.shots.ts',
  // The pictures land in shots/<area>/. Playwright empties its output folder at each start, so
  // the folder holds what the last run took and nothing older; it is not under test-results/,
  // which every run of the journeys empties.
  outputDir: 'shots',
  // A picture taken again is no better than the first; a failure is for the reader to see.
  retries: 0,
  // Each screen is brought up four times.
  timeout: 120_000,
})
