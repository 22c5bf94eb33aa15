import autocannon from 'autocannon'

import { loadFigures, percentile } from './lib'

// How the analytics bench (bench/analytics.ts) measures: the track call, pages with and without
// tracking, and the dashboards.

/** A browser's User-Agent: the track call counts nothing from agents that look like bots. */
export const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
export const JSON_HEADERS = { 'content-type': 'application/json', 'user-agent': BROWSER }

export type Page = { id: number; path: string }

/** The bench's measures, against the server at `base`. */
export const analyticsMeasures = ({
  base,
  duration,
  connections,
  dashboardRequests,
}: {
  base: string
  /** Seconds each load runs. */
  duration: number
  connections: number
  /** Requests each dashboard measure makes. */
  dashboardRequests: number
}) => {
  const trackBody = (id: number) => JSON.stringify({ resource_id: id, event: 'view' })

  const rowOf = (name: string, result: autocannon.Result) => {
    const row = {
      name,
      ...loadFigures(result),
      // With the warm-up's.
      answered2xx: result['2xx'],
    }
    console.log(row)
    return row
  }

  /** autocannon for `duration` seconds at `connections`, after a short warm-up. */
  const load = async (options: autocannon.Options) => {
    const warmUp = await autocannon({ ...options, connections: 4, amount: 50 })
    const result = await autocannon({ ...options, connections, duration })
    return Object.assign(result, { '2xx': result['2xx'] + warmUp['2xx'] })
  }

  /** The track call, each request a view of the next of `ids`. */
  const measureTrack = async (ids: number[]) => {
    let next = 0
    const result = await load({
      url: `${base}/api/track`,
      method: 'POST',
      headers: JSON_HEADERS,
      requests: [
        { setupRequest: (request) => ({ ...request, body: trackBody(ids[next++ % ids.length]) }) },
      ],
    })
    return rowOf('POST /api/track (a view)', result)
  }

  /**
   * Pages served per second, each connection requesting `pages` in turn; with `tracked`, each page
   * is followed on the same connection by its view's track call, as the browser sends it once the
   * page has loaded. Only the pages' 200s are counted: what tracking costs is the pages it displaces.
   */
  const measurePages = async (name: string, pages: Page[], tracked: boolean) => {
    let next = 0
    let served = 0
    const pageRequest: autocannon.Request = {
      method: 'GET',
      headers: { 'user-agent': BROWSER },
      setupRequest: (request, context) => {
        const page = pages[next++ % pages.length]
        Object.assign(context, { page })
        return { ...request, path: page.path }
      },
      onResponse: (status) => {
        if (status === 200) served += 1
      },
    }
    const trackRequest: autocannon.Request = {
      method: 'POST',
      path: '/api/track',
      headers: JSON_HEADERS,
      setupRequest: (request, context) => ({
        ...request,
        body: trackBody((context as { page: Page }).page.id),
      }),
    }
    const options = { url: base, requests: tracked ? [pageRequest, trackRequest] : [pageRequest] }
    await autocannon({ ...options, connections: 4, amount: 50 })
    served = 0
    const result = await autocannon({ ...options, connections, duration })
    const row = {
      name,
      tracking: tracked ? 'on' : 'off',
      pagesPerSecond: Math.round(served / duration),
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      non2xx: result.non2xx,
      errors: result.errors,
    }
    console.log(row)
    return row
  }

  /**
   * A dashboard call's latency: `dashboardRequests` requests `concurrency` at a time (after five
   * alone), p50 and p95 from every request's time.
   */
  const measureDashboard = async (
    name: string,
    path: string,
    token: string,
    concurrency: number,
  ) => {
    const call = async () => {
      const start = performance.now()
      const response = await fetch(`${base}${path}`, { headers: { Authorization: `JWT ${token}` } })
      const body = await response.text()
      if (!response.ok)
        throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`)
      return { ms: performance.now() - start, bytes: body.length }
    }
    for (let i = 0; i < 5; i += 1) await call()
    const times: number[] = []
    let bytes = 0
    let left = dashboardRequests
    const started = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left-- > 0) {
          const outcome = await call()
          times.push(outcome.ms)
          bytes = outcome.bytes
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    times.sort((a, b) => a - b)
    const row = {
      name,
      path,
      concurrency,
      requests: times.length,
      perSecond: Number((times.length / seconds).toFixed(1)),
      p50: Math.round(percentile(times, 50)),
      p95: Math.round(percentile(times, 95)),
      max: Math.round(times.at(-1) ?? 0),
      kb: Math.round(bytes / 1024),
    }
    console.log(row)
    return row
  }

  return { rowOf, load, measureTrack, measurePages, measureDashboard }
}
