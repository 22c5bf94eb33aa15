import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import pg from 'pg'

import { prefixOf, type ResourceType } from '@/lib/resourceTypes'

import { createTestDatabase } from '../tests/helpers/testDatabase'

import { saveResults, seedLarge, startServer } from './lib'

/**
 * `npm run bench:lighthouse` (after `npm run build`): Lighthouse 12 (mobile, simulated throttling)
 * on the production server with the large data set (`seed:large`: 10,000 resources, 200,000
 * reviews; BENCH_QUICK=1 a tenth), in Debian's chromium (CHROME_PATH, default /usr/bin/chromium):
 * home, a listing, a resource page, an article and search, LIGHTHOUSE_RUNS (3) runs each after
 * one warming visit, the run of median performance kept. Lighthouse is no dependency of the
 * project: the first run installs it into bench/.lighthouse (git-ignored) from the npm registry.
 * Results: bench/results/lighthouse.json, and a table on standard output.
 */
const PORT = process.env.BENCH_PORT || '3340'
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3)
const SCALE = process.env.BENCH_QUICK === '1' ? 0.1 : 1
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium'
const base = `http://localhost:${PORT}`

const FOLDER = resolve(import.meta.dirname, '.lighthouse')
const CLI = join(FOLDER, 'node_modules/lighthouse/cli/index.js')

/** Lighthouse 12, installed once into bench/.lighthouse. */
const ensureLighthouse = () => {
  if (existsSync(CLI)) return
  console.log('Installing Lighthouse 12 into bench/.lighthouse (once)…')
  execFileSync(
    'npm',
    ['install', '--prefix', FOLDER, '--no-save', '--no-audit', '--no-fund', 'lighthouse@12'],
    { stdio: 'inherit' },
  )
}

type Run = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  speedIndexMs: number
  /** Lighthouse's measure of the machine's speed (CI's kind: 1,500–2,100). */
  benchmarkIndex: number
}

type Report = {
  categories: Record<string, { score: number | null }>
  audits: Record<string, { numericValue?: number }>
  environment?: { benchmarkIndex?: number }
}

const score = (report: Report, category: string) =>
  Math.round((report.categories[category]?.score ?? 0) * 100)
const value = (report: Report, audit: string) =>
  Math.round(report.audits[audit]?.numericValue ?? Number.NaN)

/** One Lighthouse run of `url`, as a phone on a slow network would load it. */
const lighthouse = (url: string): Run => {
  const folder = mkdtempSync(join(tmpdir(), 'lighthouse-'))
  const output = join(folder, 'report.json')
  try {
    execFileSync(
      process.execPath,
      [
        CLI,
        url,
        '--quiet',
        '--form-factor=mobile',
        '--only-categories=performance,accessibility,best-practices,seo',
        '--output=json',
        `--output-path=${output}`,
        `--chrome-flags=${[
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-quic',
        ].join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    const report = JSON.parse(readFileSync(output, 'utf8')) as Report
    return {
      performance: score(report, 'performance'),
      accessibility: score(report, 'accessibility'),
      bestPractices: score(report, 'best-practices'),
      seo: score(report, 'seo'),
      fcpMs: value(report, 'first-contentful-paint'),
      lcpMs: value(report, 'largest-contentful-paint'),
      tbtMs: value(report, 'total-blocking-time'),
      cls: (report.audits['cumulative-layout-shift']?.numericValue ?? 0) as number,
      speedIndexMs: value(report, 'speed-index'),
      benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** The run of median performance (ties: the median LCP). */
const median = (runs: Run[]) =>
  [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs)[
    Math.floor(runs.length / 2)
  ]

ensureLighthouse()
const database = await createTestDatabase('lighthouse')
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: 'bench-secret',
  REDIS_URL: '',
}
const client = new pg.Client({ connectionString: database.url })
let server: Awaited<ReturnType<typeof startServer>> | null = null
try {
  await client.connect()
  await seedLarge({ env, client, scale: SCALE })
  const { rows: resources } = await client.query<{ type: ResourceType; slug: string }>(
    `SELECT type, slug FROM resources WHERE status = 'published' AND slug LIKE 'bulk-%'
     ORDER BY review_count DESC LIMIT 1`,
  )
  const { rows: articles } = await client.query<{ slug: string }>(
    `SELECT slug FROM news WHERE _status = 'published' ORDER BY published_at DESC LIMIT 1`,
  )
  const pages = [
    { name: 'home', path: '/en' },
    { name: 'listing', path: '/en/resources/marketplaces' },
    {
      name: 'resource page',
      path: `/en/resources/${prefixOf(resources[0].type)}/${resources[0].slug}`,
    },
    { name: 'article', path: `/en/news/${articles[0].slug}` },
    { name: 'search', path: '/en/search?q=crypto' },
  ]

  server = await startServer({ port: PORT, env })
  const results = []
  for (const page of pages) {
    // One visit first: Lighthouse measures a visitor's first load, not the server's first render.
    const html = await fetch(`${base}${page.path}`).then((response) => response.text())
    const stylesheets = html.match(/<link[^>]+rel="stylesheet"/g)?.length ?? 0
    const runs = Array.from({ length: RUNS }, () => lighthouse(`${base}${page.path}`))
    results.push({ ...page, stylesheets, median: median(runs), runs })
  }
  saveResults('lighthouse', { scale: SCALE, runsPerPage: RUNS, pages: results })

  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`
  console.log(
    row([
      'page',
      'performance',
      'accessibility',
      'best practices',
      'SEO',
      'FCP s',
      'LCP s',
      'TBT ms',
      'CLS',
      'stylesheets',
    ]),
  )
  console.log(row(['---', ...Array(10).fill('---:')]))
  for (const { name, path, stylesheets, median: run, runs } of results) {
    console.log(
      row([
        `${name} \`${path}\``,
        `${run.performance} (${runs.map((r) => r.performance).join(', ')})`,
        run.accessibility,
        run.bestPractices,
        run.seo,
        (run.fcpMs / 1000).toFixed(1),
        (run.lcpMs / 1000).toFixed(1),
        run.tbtMs,
        run.cls.toFixed(3),
        stylesheets,
      ]),
    )
  }
  const indexes = results.flatMap(({ runs }) => runs.map((run) => run.benchmarkIndex))
  console.log(`Lighthouse's benchmark index: ${Math.min(...indexes)}–${Math.max(...indexes)}`)
} finally {
  server?.stop()
  await server?.done
  await client.end()
  await database.drop()
}
process.exit(0)
