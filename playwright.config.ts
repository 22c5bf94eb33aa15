import { defineConfig, devices } from '@playwright/test'

import { E2E_WORKERS, MAIL_API, appUrl } from './tests/e2e/apps'

/** Debian's Chromium (no browser download); flags keep it off the closed network. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.e2e.spec.ts',
  // Each worker has an app of its own (tests/e2e/apps.ts); a file's journeys run in order.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // No retry: a journey that fails once has a cause to find, and a second try would run on the
  // rows the first one left.
  retries: 0,
  reporter: [['list']],
  // A guard against a hang, not a measure of speed: the longest journeys take 20-29 s on a
  // 2-core machine with two workers beside their servers, and one journey's time varies by half
  // from run to run. `npm test` names every test that took more than half of its time.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    // The worker's own app (tests/e2e/support.ts sets it per worker).
    baseURL: appUrl(0),
    // One browser context per worker, cleared between tests (tests/e2e/support.ts).
    reuseContext: true,
    // A Russian browser by default: an English one is sent from / to /en, as it should be.
    locale: 'ru-RU',
    // Recording a trace costs every journey time; `npx playwright test --trace on <file>` keeps
    // one of a journey to look into.
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], locale: 'ru-RU' } }],
  webServer: {
    // Builds nothing: `npm test` runs `next build` first. The server script seeds a fresh
    // database, serves the build on a copy of it for each worker, and drops them when stopped.
    command: 'node --conditions=react-server --import tsx tests/e2e/server.ts',
    url: `${MAIL_API}/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: { E2E_WORKERS: String(E2E_WORKERS) },
  },
})
