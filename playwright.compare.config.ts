import path from 'node:path'

import { defineConfig } from '@playwright/test'

import journeys from './playwright.config'

/**
 * `npm run shots:compare`: the public, member, owner and staff screens of
 * tests/shots/compare/screens.ts, each at 1366 and 390 px, light and dark, compared with a
 * baseline taken from an earlier build (`-- --update-snapshots` writes it). A refactor that must
 * change nothing on screen shows it here. The apps and their seeded database are the journeys'
 * own (playwright.config.ts), one app and one worker, so the screens are visited in one fixed
 * order on one database. Like `npm run shots`, it checks pictures, not behaviour: it is kept out
 * of `npm test`.
 */
const BASELINE = path.resolve(process.env.SHOTS_BASELINE_DIR || 'shots/baseline')

const server = Array.isArray(journeys.webServer) ? journeys.webServer[0] : journeys.webServer!

export default defineConfig({
  ...journeys,
  testDir: 'tests/shots/compare',
  testMatch: '*.compare.ts',
  workers: 1,
  webServer: { ...server, env: { E2E_WORKERS: '1' } },
  // What differs lands here: the baseline's picture, this build's and their difference.
  outputDir: 'shots/compare',
  snapshotPathTemplate: `${BASELINE}/{arg}{ext}`,
  // A difference seen once is a difference: a second try would hide a flaky screen.
  retries: 0,
  // Each screen is brought up four times.
  timeout: 180_000,
  expect: {
    ...journeys.expect,
    // A picture is taken until two in a row agree, which a long page takes a while to do.
    timeout: 30_000,
    toHaveScreenshot: {
      // Not one pixel may differ by more than the last bit of an edge's smoothing, which
      // Chromium draws a shade apart now and then (a search button's rim, by one of 255).
      maxDiffPixels: 0,
      threshold: 0.05,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  use: {
    ...journeys.use,
    // The dates a page writes out are the same wherever the comparison runs.
    timezoneId: 'UTC',
  },
  projects: journeys.projects?.map((project) => ({
    ...project,
    use: { ...project.use, timezoneId: 'UTC' },
  })),
})
